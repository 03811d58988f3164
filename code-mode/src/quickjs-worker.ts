// The QuickJS worker: the code that runs inside the worker thread. `quickJsWorkerMain` is
// type-checked here and shipped to the worker as its source text (`Function.prototype.toString`),
// so it must not refer to anything outside its own body: it loads its modules from the paths in
// `workerData`. GUEST_PRELUDE is guest code: it runs inside QuickJS before the program.

import type * as QuickJs from 'quickjs-emscripten'
import type * as Sucrase from 'sucrase'
import type { SandboxLimits, SandboxOutcome } from './engine.js'

/** What the host sends the worker. */
export type WorkerRequest =
  | { readonly t: 'run'; readonly run: number; readonly program: string; readonly limits: SandboxLimits; readonly flag: SharedArrayBuffer }
  | { readonly t: 'answer'; readonly run: number; readonly id: number; readonly answer: string }
  | { readonly t: 'stop'; readonly run: number }

/** What the worker sends the host. */
export type WorkerMessage =
  | { readonly t: 'ready' }
  | { readonly t: 'call'; readonly run: number; readonly id: number; readonly name: string; readonly args: string }
  | { readonly t: 'done'; readonly run: number; readonly outcome: SandboxOutcome }

/** The part of the WebAssembly API the worker uses. */
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object
  readonly Memory: new (descriptor: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer }
}

/** Where the worker loads its modules from. */
export interface WorkerData {
  /** A file path or URL `createRequire` accepts, next to the installed packages. */
  readonly base: string
  readonly prelude: string
}

/**
 * Guest code, evaluated once per sandbox before the program: a function of the host callbacks that
 * installs `tools`, `console` and `ToolError`, and returns `settle(promise)`, which reports the
 * program's JSON value or failure. Values cross only as strings.
 */
export const GUEST_PRELUDE = String.raw`(function (hostCall, hostLog, hostDone, hostFail) {
  'use strict';
  var stringify = JSON.stringify, parse = JSON.parse, isArray = Array.isArray, keys = Object.keys;
  var getPrototypeOf = Object.getPrototypeOf, objectPrototype = Object.prototype, freeze = Object.freeze;
  var isFinite_ = Number.isFinite, String_ = String, Proxy_ = Proxy, Promise_ = Promise, Error_ = Error;
  class ToolError extends Error_ {
    constructor(message, code) { super(message); this.name = 'ToolError'; this.code = code; }
  }
  function check(value, path, ancestors) {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number') { if (!isFinite_(value)) throw new TypeError(path + ' is ' + value + ', which JSON cannot hold'); return; }
    if (typeof value !== 'object') throw new TypeError((path || 'the value') + ' is ' + (typeof value) + ', which JSON cannot hold');
    if (ancestors.indexOf(value) !== -1) throw new TypeError((path || 'the value') + ' refers back to itself');
    if (ancestors.length > 256) throw new TypeError((path || 'the value') + ' is nested more than 256 levels deep');
    ancestors.push(value);
    if (isArray(value)) {
      for (var i = 0; i < value.length; i++) {
        if (!(i in value) || value[i] === undefined) throw new TypeError(path + '/' + i + ' is a hole or undefined');
        check(value[i], path + '/' + i, ancestors);
      }
    } else {
      var proto = getPrototypeOf(value);
      if (proto !== objectPrototype && proto !== null) throw new TypeError((path || 'the value') + ' is not a plain object or array');
      var own = keys(value);
      for (var k = 0; k < own.length; k++) { var v = value[own[k]]; if (v !== undefined) check(v, path + '/' + own[k], ancestors); }
    }
    ancestors.pop();
  }
  function encode(value) { check(value, '', []); return stringify(value); }
  function decode(answer) {
    var parsed = parse(answer);
    if (parsed.error !== undefined) throw new ToolError(parsed.error.message, parsed.error.code);
    return parsed.value;
  }
  function callTool(name, args) {
    var json;
    try { json = encode(args === undefined ? {} : args); }
    catch (error) { return Promise_.reject(new ToolError('The arguments of ' + name + ' are not JSON: ' + error.message, 'INVALID_ARGS')); }
    return hostCall(name, json).then(decode);
  }
  var target = freeze(Object.create(null));
  var tools = new Proxy_(target, {
    get: function (_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (name === '$search') return function (query) { return callTool('$search', { query: String_(query) }); };
      if (name === '$describe') return function (tool) { return callTool('$describe', { name: String_(tool) }); };
      return function (args) { return callTool(name, args); };
    },
    set: function () { return false; },
    defineProperty: function () { return false; },
    deleteProperty: function () { return false; },
  });
  function show(value) {
    if (typeof value === 'string') return value;
    try { var text = stringify(value); if (text !== undefined) return text; } catch (error) {}
    try { return String_(value); } catch (error) { return '[unprintable]'; }
  }
  function printer(level) {
    return function () {
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(show(arguments[i]));
      hostLog(level, parts.join(' '));
    };
  }
  globalThis.tools = tools;
  globalThis.ToolError = ToolError;
  globalThis.console = freeze({ log: printer('log'), info: printer('info'), warn: printer('warn'), error: printer('error'), debug: printer('debug') });
  function describe(error) {
    try {
      if (error instanceof Error_) return [String_(error.name), String_(error.message), String_(error.stack || '')];
    } catch (ignored) {}
    return ['', show(error), ''];
  }
  return function settle(promise) {
    promise.then(function (value) {
      var json;
      try { json = encode(value === undefined ? null : value); }
      catch (error) { hostFail('NotJson', 'The program returned a value that is not JSON: ' + error.message, ''); return; }
      hostDone(json);
    }, function (error) {
      var facts = describe(error);
      hostFail(facts[0], facts[1], facts[2]);
    });
  };
})`

/** The worker thread's whole program (see the file comment: self-contained). */
export function quickJsWorkerMain(): void {
  // `require` of the eval'd worker script (CommonJS), not `import()`: a bundler or test transform
  // rewrites dynamic imports in this function's source text, which then no longer runs standalone.
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads')
  const { createRequire } = require('node:module') as typeof import('node:module')
  const { readFileSync } = require('node:fs') as typeof import('node:fs')
  // The lib settings have no WebAssembly types; the two constructors used here, typed by hand.
  const WebAssembly = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly
  const data = workerData as WorkerData
  const port = parentPort
  if (port === null) return
  const load = createRequire(data.base)
  const quickjs = load('quickjs-emscripten') as typeof QuickJs
  const sucrase = load('sucrase') as typeof Sucrase
  const wasmPath = createRequire(load.resolve('quickjs-emscripten')).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')
  const wasmModule = new WebAssembly.Module(readFileSync(wasmPath))
  const PAGE = 65536
  const FILE = 'program.js'

  type Ctx = QuickJs.QuickJSContext
  type Handle = QuickJs.QuickJSHandle
  type Failure = Extract<SandboxOutcome, { kind: 'failed' }>

  interface Run {
    readonly id: number
    readonly flag: Int32Array
    readonly limits: SandboxLimits
    readonly pending: Map<number, QuickJs.QuickJSDeferredPromise>
    readonly logs: string[]
    logSize: number
    nextCall: number
    ctx: Ctx | undefined
    rt: QuickJs.QuickJSRuntime | undefined
    handles: Handle[]
    outcome: SandboxOutcome | undefined
    /** A limit the worker itself hit (console size): it interrupts the program like an abort. */
    overflow: Failure | undefined
    finished: boolean
    module: ProgramModule | undefined
  }

  /** A QuickJS module with its own fixed-maximum memory. */
  interface ProgramModule {
    readonly module: QuickJs.QuickJSWASMModule
    readonly memory: { readonly buffer: ArrayBuffer }
    readonly pages: number
    uses: number
  }

  const INITIAL_PAGES = 256
  const MAX_USES = 64
  let current: Run | undefined
  /**
   * The module of the last program, kept for the next one only when that program's memory never grew
   * past its initial size (so the next program has the whole cap, and nothing of the last one's heap
   * is left: each program has its own QuickJS runtime, disposed), it ended cleanly, and the module
   * served fewer than MAX_USES programs. Otherwise every program gets a new module: instantiating
   * one is most of a fresh sandbox's cost.
   */
  let spare: ProgramModule | undefined

  const post = (message: WorkerMessage): void => port.postMessage(message)

  let programLines: string[] = []

  /**
   * 1-based line and column in the model's program, from a position in the wrapped source (whose
   * first line is the wrapper's). A position in the wrapper's closing line (an unexpected end of
   * the program) is the end of the program's last line.
   */
  const inProgram = (wrappedLine: number, column: number | undefined): { line?: number; column?: number } => {
    const line = wrappedLine - 1
    if (line < 1) return {}
    if (line > programLines.length) return { line: programLines.length, column: (programLines[programLines.length - 1]?.length ?? 0) + 1 }
    return column === undefined ? { line } : { line, column }
  }

  /** The position of the innermost program frame of a QuickJS stack or compile error. */
  const position = (stack: string): { line?: number; column?: number } => {
    const match = /program\.js:(\d+)(?::(\d+))?/.exec(stack)
    if (match === null) return {}
    return inProgram(Number(match[1]), match[2] === undefined ? undefined : Number(match[2]))
  }

  const failed = (run: Run, code: Failure['code'], message: string, where: { line?: number; column?: number } = {}): Failure => {
    const outcome: { -readonly [K in keyof Failure]: Failure[K] } = { kind: 'failed', code, message, logs: run.logs }
    if (where.line !== undefined) outcome.line = where.line
    if (where.column !== undefined) outcome.column = where.column
    return outcome
  }

  /** The failure a guest error stands for: a limit the interpreter hit, or the program's own throw. */
  const guestFailure = (run: Run, name: string, message: string, stack: string): Failure => {
    if (name === 'InternalError' && /out of memory/i.test(message)) return failed(run, 'CODE_MEMORY_LIMIT', `The program ran out of memory (limit ${run.limits.memoryBytes} bytes)`)
    if (name === 'InternalError' && /string too long/i.test(message)) return failed(run, 'CODE_MEMORY_LIMIT', 'The program built a string longer than the interpreter allows (2^29 characters)')
    if (name === 'InternalError' && /stack overflow/i.test(message)) return failed(run, 'CODE_STACK_LIMIT', `The program exceeded its stack limit (${run.limits.stackBytes} bytes): too deep a recursion`)
    if (name === 'NotJson') return failed(run, 'CODE_THREW', message)
    return failed(run, 'CODE_THREW', name.length > 0 ? `${name}: ${message}` : `The program threw ${message}`, position(stack))
  }

  /** Reads name, message and stack of a guest error handle without running guest getters on the host. */
  const readError = (ctx: Ctx, handle: Handle): [string, string, string] => {
    const read = (key: string): string => {
      try {
        const prop = ctx.getProp(handle, key)
        const value = ctx.typeof(prop) === 'string' ? ctx.getString(prop) : ''
        prop.dispose()
        return value
      } catch {
        return ''
      }
    }
    return [read('name'), read('message'), read('stack')]
  }

  /** The wasm module itself failed (a trap): after that it cannot be trusted, only dropped. */
  const crashed = (run: Run, error: unknown): Failure => {
    const text = error instanceof Error ? error.message : String(error)
    if (/memory|out of bounds|unreachable|abort/i.test(text)) return failed(run, 'CODE_MEMORY_LIMIT', `The program exhausted the sandbox's memory (limit ${run.limits.memoryBytes} bytes)`)
    return failed(run, 'CODE_THREW', `The sandbox failed: ${text}`)
  }

  const finish = (run: Run, outcome: SandboxOutcome, disposable: boolean): void => {
    if (run.finished) return
    run.finished = true
    if (current === run) current = undefined
    let disposed = false
    if (disposable) {
      try {
        // Pending promises first, then handles, then the context and the runtime.
        for (const deferred of run.pending.values()) if (deferred.alive) deferred.dispose()
        for (const handle of run.handles) if (handle.alive) handle.dispose()
        run.ctx?.dispose()
        run.rt?.dispose()
        disposed = run.rt !== undefined
      } catch {
        // A module that cannot dispose cleanly is dropped whole, never reused.
      }
    }
    run.pending.clear()
    const clean = disposed && !(outcome.kind === 'failed' && outcome.code === 'CODE_MEMORY_LIMIT')
    run.ctx = undefined
    run.rt = undefined
    const module = run.module
    if (clean && module !== undefined && module.memory.buffer.byteLength <= INITIAL_PAGES * PAGE && ++module.uses < MAX_USES) spare = module
    post({ t: 'done', run: run.id, outcome })
  }

  const stopped = (run: Run): boolean => run.overflow !== undefined || Atomics.load(run.flag, 0) !== 0

  /** Runs the pending guest jobs, then decides whether the run ended or waits for a host answer. */
  const pump = (run: Run): void => {
    const rt = run.rt
    const ctx = run.ctx
    if (rt === undefined || ctx === undefined || run.finished) return
    try {
      const jobs = rt.executePendingJobs()
      if (jobs.error !== undefined) {
        const [name, message, stack] = readError(ctx, jobs.error)
        jobs.error.dispose()
        if (!stopped(run) && run.outcome === undefined) run.outcome = guestFailure(run, name, message, stack)
      }
    } catch (error) {
      return finish(run, crashed(run, error), false)
    }
    if (run.overflow !== undefined) return finish(run, run.overflow, true)
    if (Atomics.load(run.flag, 0) !== 0) return finish(run, { kind: 'stopped', logs: run.logs }, true)
    if (run.outcome !== undefined) return finish(run, run.outcome, true)
    if (run.pending.size === 0 && !rt.hasPendingJob()) {
      return finish(run, failed(run, 'CODE_TIME_LIMIT', 'The program is waiting on a promise that nothing can settle (no tool call is pending), so it would never finish'), true)
    }
  }

  const start = (request: Extract<WorkerRequest, { t: 'run' }>): void => {
    const run: Run = {
      id: request.run,
      flag: new Int32Array(request.flag),
      limits: request.limits,
      pending: new Map(),
      logs: [],
      logSize: 0,
      nextCall: 0,
      ctx: undefined,
      rt: undefined,
      handles: [],
      outcome: undefined,
      overflow: undefined,
      finished: false,
      module: undefined,
    }
    current = run
    programLines = request.program.split(/\r\n|\r|\n/)
    // The program is the body of an async function; the wrapper shares its first line, so the
    // model's line n is line n + 1 of what the interpreter sees (both sucrase and QuickJS keep lines).
    let source: string
    try {
      source = sucrase.transform(`(async function () {\n${request.program}\n})`, {
        transforms: ['typescript'],
        disableESTransforms: true,
        filePath: FILE,
      }).code
    } catch (error) {
      const loc = (error as { loc?: { line: number; column: number } }).loc
      const message = error instanceof Error ? error.message.replace(/ \(\d+:\d+\)$/, '').replace(/^Error transforming [^:]*: /, '') : String(error)
      const where = loc === undefined ? {} : inProgram(loc.line, loc.column + 1)
      return finish(run, failed(run, 'CODE_SYNTAX_ERROR', `SyntaxError: ${message}`, where), true)
    }
    try {
      const pages = Math.max(INITIAL_PAGES, Math.ceil(request.limits.memoryBytes / PAGE))
      const reuse = spare !== undefined && spare.pages === pages ? spare : undefined
      spare = undefined
      if (reuse !== undefined) {
        run.module = reuse
        begin(run, reuse.module, source)
        return
      }
      const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: pages })
      // A module over a fixed-maximum memory: the hard cap (setMemoryLimit alone is not one).
      const variant = quickjs.newVariant(quickjs.RELEASE_SYNC, { wasmModule: wasmModule as never, wasmMemory: memory as never })
      void quickjs.newQuickJSWASMModuleFromVariant(variant).then(
        (module) => {
          if (run.finished) return
          run.module = { module, memory, pages, uses: 0 }
          try {
            begin(run, module, source)
          } catch (error) {
            finish(run, crashed(run, error), false)
          }
        },
        (error: unknown) => finish(run, crashed(run, error), false),
      )
    } catch (error) {
      finish(run, crashed(run, error), false)
    }
  }

  const begin = (run: Run, module: QuickJs.QuickJSWASMModule, source: string): void => {
    const rt = module.newRuntime()
    run.rt = rt
    rt.setMemoryLimit(run.limits.memoryBytes)
    rt.setMaxStackSize(run.limits.stackBytes)
    rt.setInterruptHandler(() => stopped(run))
    const ctx = rt.newContext()
    run.ctx = ctx
    const fn = (name: string, body: (...args: Handle[]) => Handle | undefined): Handle => {
      const handle = ctx.newFunction(name, body)
      run.handles.push(handle)
      return handle
    }
    const hostCall = fn('hostCall', (nameHandle, argsHandle) => {
      const deferred = ctx.newPromise()
      const id = ++run.nextCall
      run.pending.set(id, deferred)
      post({ t: 'call', run: run.id, id, name: ctx.getString(nameHandle as Handle), args: ctx.getString(argsHandle as Handle) })
      return deferred.handle
    })
    const hostLog = fn('hostLog', (levelHandle, textHandle) => {
      const level = ctx.getString(levelHandle as Handle)
      const text = ctx.getString(textHandle as Handle)
      const line = level === 'log' ? text : `${level}: ${text}`
      run.logSize += line.length + 1
      if (run.logSize > run.limits.logBytes) {
        run.overflow ??= failed(run, 'CODE_OUTPUT_LIMIT', `The program's console output exceeded its limit (${run.limits.logBytes} characters)`)
        return undefined
      }
      run.logs.push(line)
      return undefined
    })
    const hostDone = fn('hostDone', (jsonHandle) => {
      const json = ctx.getString(jsonHandle as Handle)
      if (json.length > run.limits.outputBytes) {
        run.outcome ??= failed(run, 'CODE_OUTPUT_LIMIT', `The program's return value is ${json.length} characters of JSON, over its limit (${run.limits.outputBytes})`)
      } else {
        run.outcome ??= { kind: 'returned', value: json, logs: run.logs }
      }
      return undefined
    })
    const hostFail = fn('hostFail', (nameHandle, messageHandle, stackHandle) => {
      run.outcome ??= guestFailure(run, ctx.getString(nameHandle as Handle), ctx.getString(messageHandle as Handle), ctx.getString(stackHandle as Handle))
      return undefined
    })

    const prelude = ctx.evalCode(data.prelude, 'prelude.js')
    if (prelude.error !== undefined) {
      const [name, message] = readError(ctx, prelude.error)
      prelude.error.dispose()
      return finish(run, failed(run, 'CODE_THREW', `The sandbox prelude failed: ${name}: ${message}`), true)
    }
    run.handles.push(prelude.value)
    const settle = ctx.callFunction(prelude.value, ctx.undefined, hostCall, hostLog, hostDone, hostFail)
    if (settle.error !== undefined) {
      settle.error.dispose()
      return finish(run, failed(run, 'CODE_THREW', 'The sandbox prelude failed'), true)
    }
    run.handles.push(settle.value)

    const compiled = ctx.evalCode(source, FILE)
    if (compiled.error !== undefined) {
      const [name, message, stack] = readError(ctx, compiled.error)
      compiled.error.dispose()
      if (stopped(run)) return pump(run)
      if (name === 'SyntaxError') {
        return finish(run, failed(run, 'CODE_SYNTAX_ERROR', `SyntaxError: ${message}`, position(stack)), true)
      }
      return finish(run, guestFailure(run, name, message, stack), true)
    }
    run.handles.push(compiled.value)
    const started = ctx.callFunction(compiled.value, ctx.undefined)
    if (started.error !== undefined) {
      const [name, message, stack] = readError(ctx, started.error)
      started.error.dispose()
      if (!stopped(run)) run.outcome ??= guestFailure(run, name, message, stack)
      return pump(run)
    }
    run.handles.push(started.value)
    const settled = ctx.callFunction(settle.value, ctx.undefined, started.value)
    if (settled.error !== undefined) settled.error.dispose()
    else settled.value.dispose()
    pump(run)
  }

  const answer = (request: Extract<WorkerRequest, { t: 'answer' }>): void => {
    const run = current
    if (run === undefined || run.id !== request.run || run.ctx === undefined) return
    const deferred = run.pending.get(request.id)
    if (deferred === undefined) return
    run.pending.delete(request.id)
    try {
      const text = run.ctx.newString(request.answer)
      deferred.resolve(text)
      text.dispose()
      deferred.dispose()
    } catch (error) {
      return finish(run, crashed(run, error), false)
    }
    pump(run)
  }

  port.on('message', (request: WorkerRequest) => {
    if (request.t === 'run') start(request)
    else if (request.t === 'answer') answer(request)
    else if (request.t === 'stop') {
      const run = current
      // A stop arrives between jobs (the worker is idle, awaiting host answers): end the run here.
      if (run !== undefined && run.id === request.run) finish(run, run.overflow ?? { kind: 'stopped', logs: run.logs }, true)
    }
  })
  post({ t: 'ready' })
}
