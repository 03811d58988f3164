#!/usr/bin/env node
// The `toolsmith` bin. A committed file, so npm links it on install even before `dist/` is built (in this
// repository `npm ci` runs before `npm run build`); the CLI itself is dist/cli/main.js.
import '../dist/cli/main.js'
