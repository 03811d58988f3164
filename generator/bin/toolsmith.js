#!/usr/bin/env node
// The `toolsmith` bin. A committed file, so npm links it on install even before `dist/` is built (in this
// repository `npm ci` runs before `npm run build`); the CLI itself is dist/cli/main.js, which the build bundles
// (scripts/bundle-cli.mjs) into dist/bundle/toolsmith.js so that it starts by loading a few files.
import '../dist/bundle/toolsmith.js'
