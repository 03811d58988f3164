/** The `--help` text. */
export const USAGE = `Usage: toolsmith <command> [options]

Commands:
  generate          write the tool stubs, generated types, index and catalogs; only changed files
  check             write nothing; exit 1 with a unified diff when any file is stale, missing or orphaned
  new <name>        create <schemas>/<name>.tool.yaml, a starter declaration (never overwrites)
  export --target T write the tools lowered for T (openai-chat, openai-responses, anthropic, gemini, mcp,
                    mcp@2025-11-25, mcp@2026-07-28; T-strict for strict tool use) as JSON, exactly the
                    provider's field, to stdout or --out FILE, and report every lossy step
                    (--strict: exit 1 on any loss, writing nothing)
  import --from F FILE
                    turn the tool declarations in FILE into <schemas>/*.tool.yaml; F is openai, anthropic,
                    gemini, mcp, jsonschema or bfcl; nothing is written when any tool is refused unless
                    --partial (never overwrites: a taken name gets a _2 suffix)
  mcp --tools MODULE
                    serve MODULE's \`tools\` (a compiled ES module, e.g. the generated index) over stdio
                    as an MCP server; MODULE may also export configure(runtime)

Options:
  --config FILE     config file (default: toolsmith.config.yaml in the working directory)
  --schemas DIR     declarations folder (default: schemas)
  --out DIR         TypeScript output folder (default: src/tools)
  --docs FILE       catalog Markdown file (default: docs/tools.md)
  --format FORMAT   how problems are printed: text (default), json or github
  --no-cache        plan everything afresh: neither read nor save the plan cache
                    (node_modules/.cache/toolsmith/, kept by generate when node_modules exists;
                    check only reads it)
  --from FORMAT     import: the input's format
  --partial         import: write the tools that import even when others are refused (exit 1)
  -h, --help        show this help
  -v, --version     print the version

Exit codes: 0 done or current; 1 check found drift, or a write failed; 2 invalid input or usage.
export: 0 exported; 1 a loss under --strict, or the write failed; 2 invalid input or a tool the target refuses.
`
