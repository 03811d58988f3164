#!/usr/bin/env node
// toolsmith CLI entry point (the generator issue fills this in).
process.stderr.write('toolsmith: not built yet\n')
process.exitCode = 2
