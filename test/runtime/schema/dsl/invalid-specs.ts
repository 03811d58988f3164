// Invalid DSL specs shared by the checker and compiler tests. Each case lists EVERY issue its spec
// has, in order: [JSON Pointer into the spec, message pattern].

export type Want = [path: string, message: RegExp][]

export const invalidValueSpecs: [string, { given: unknown; want: Want }][] = [
  ['not an object', { given: 'string', want: [['', /must be an object/]] }],
  ['an array', { given: [{ type: 'string' }], want: [['', /must be an object/]] }],
  ['null', { given: null, want: [['', /must be an object/]] }],
  ['no type and no oneOf', { given: { description: 'x' }, want: [['', /needs "type"/]] }],
  ['unknown type', { given: { type: 'date' }, want: [['/type', /must be one of/]] }],
  ['type list', { given: { type: ['string', 'null'] }, want: [['/type', /must be one of/]] }],
  [
    'a mistyped object type still has its properties checked',
    {
      given: { type: 'objec', additionalProperties: 'yes', properties: { a: { type: 'bogus' }, b: { type: 'string', enum: [1] } } },
      want: [
        ['/type', /must be one of/],
        ['/properties/a/type', /must be one of/],
        ['/properties/b/enum/0', /must be a string/],
        ['/additionalProperties', /must be true or false/],
      ],
    },
  ],
  ['a typeless node still has its items checked', { given: { items: { type: 'bogus' } }, want: [['', /needs "type"/], ['/items/type', /must be one of/]] }],
  [
    'unknown keyword',
    { given: { type: 'string', minLength: 1 }, want: [['/minLength', /unknown keyword "minLength"/]] },
  ],
  [
    'enum on array',
    {
      given: { type: 'array', items: { type: 'string' }, enum: [[]] },
      want: [['/enum', /not allowed on an array node/]],
    },
  ],
  [
    'const on object',
    {
      given: { type: 'object', additionalProperties: true, const: 1 },
      want: [['/const', /not allowed on an object node/]],
    },
  ],
  ['enum on json', { given: { type: 'json', enum: [1] }, want: [['/enum', /not allowed on a json node/]] }],
  [
    'items on string',
    { given: { type: 'string', items: { type: 'string' } }, want: [['/items', /belongs on array nodes/]] },
  ],
  [
    'properties on array',
    {
      given: { type: 'array', items: { type: 'json' }, properties: {} },
      want: [['/properties', /belongs on object nodes/]],
    },
  ],
  ['empty enum', { given: { type: 'string', enum: [] }, want: [['/enum', /at least one value/]] }],
  ['enum not an array', { given: { type: 'string', enum: 'a' }, want: [['/enum', /must be an array/]] }],
  [
    'enum members must match the type',
    {
      given: { type: 'string', enum: ['a', 1, null, 'b', true] },
      want: [
        ['/enum/1', /must be a string/],
        ['/enum/2', /must be a string/],
        ['/enum/4', /must be a string/],
      ],
    },
  ],
  [
    'integer enum needs integers',
    { given: { type: 'integer', enum: [1, 1.5] }, want: [['/enum/1', /must be an integer/]] },
  ],
  [
    'integer const needs an integer',
    { given: { type: 'integer', const: 0.1 }, want: [['/const', /must be an integer/]] },
  ],
  [
    'number enum rejects NaN and Infinity',
    {
      given: { type: 'number', enum: [Number.NaN, Infinity] },
      want: [
        ['/enum/0', /finite number/],
        ['/enum/1', /finite number/],
      ],
    },
  ],
  [
    'number const rejects a numeric string',
    { given: { type: 'number', const: '1' }, want: [['/const', /finite number/]] },
  ],
  ['boolean const', { given: { type: 'boolean', const: 'true' }, want: [['/const', /true or false/]] }],
  ['null enum only null', { given: { type: 'null', enum: [null, 0] }, want: [['/enum/1', /must be null/]] }],
  ['duplicate enum values', { given: { type: 'string', enum: ['a', 'b', 'a'] }, want: [['/enum/2', /duplicate/]] }],
  [
    'const outside enum',
    { given: { type: 'string', enum: ['a'], const: 'b' }, want: [['/const', /not one of the "enum" values/]] },
  ],
  ['array without items', { given: { type: 'array' }, want: [['', /needs "items"/]] }],
  [
    'object without additionalProperties',
    { given: { type: 'object', properties: {} }, want: [['', /must declare "additionalProperties/]] },
  ],
  [
    'additionalProperties not boolean',
    {
      given: { type: 'object', additionalProperties: { type: 'string' } },
      want: [['/additionalProperties', /true or false/]],
    },
  ],
  [
    'properties not an object',
    {
      given: { type: 'object', additionalProperties: false, properties: [] },
      want: [['/properties', /must be an object/]],
    },
  ],
  ['oneOf with one branch', { given: { oneOf: [{ type: 'string' }] }, want: [['/oneOf', /at least two branches/]] }],
  ['oneOf empty', { given: { oneOf: [] }, want: [['/oneOf', /at least two branches/]] }],
  ['oneOf not an array', { given: { oneOf: { type: 'string' } }, want: [['/oneOf', /must be an array/]] }],
  [
    'oneOf with a type key',
    { given: { type: 'string', oneOf: [{ type: 'string' }, { type: 'null' }] }, want: [['/type', /no type key/]] },
  ],
  [
    'enum on oneOf',
    {
      given: { oneOf: [{ type: 'string' }, { type: 'null' }], enum: ['a'] },
      want: [['/enum', /not allowed on a oneOf node/]],
    },
  ],
  [
    'required on the root value',
    { given: { type: 'string', required: true }, want: [['/required', /only allowed on a property/]] },
  ],
  [
    'required on array items',
    {
      given: { type: 'array', items: { type: 'string', required: true } },
      want: [['/items/required', /only allowed on a property/]],
    },
  ],
  [
    'required on a oneOf branch',
    {
      given: { oneOf: [{ type: 'string', required: true }, { type: 'null' }] },
      want: [['/oneOf/0/required', /only allowed on a property/]],
    },
  ],
  [
    'required: false on a property',
    {
      given: { type: 'object', additionalProperties: false, properties: { a: { type: 'string', required: false } } },
      want: [['/properties/a/required', /required: false" is not allowed/]],
    },
  ],
  [
    'JSON-Schema style required list',
    {
      given: { type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string' } } },
      want: [['/required', /only allowed on a property/]],
    },
  ],
  [
    'required list on an object property',
    {
      given: {
        type: 'object',
        additionalProperties: false,
        properties: { o: { type: 'object', additionalProperties: false, required: ['x'] } },
      },
      want: [['/properties/o/required', /list of required names is not part of the DSL/]],
    },
  ],
  [
    'description not a string',
    { given: { type: 'string', description: 1 }, want: [['/description', /must be a string/]] },
  ],
  ['title not a string', { given: { type: 'json', title: null }, want: [['/title', /must be a string/]] }],
  ['default not lossless JSON', { given: { type: 'number', default: Number.NaN }, want: [['/default', /./]] }],
  [
    'examples with a nested non-JSON value',
    { given: { type: 'json', examples: [1, { a: undefined }] }, want: [['/examples/1/a', /./]] },
  ],
  [
    'nested issues carry the full pointer, with ~0 and ~1 escapes',
    {
      given: {
        type: 'object',
        additionalProperties: false,
        properties: {
          'a/b': { type: 'array', items: { type: 'string', enum: [1] } },
          'x~y': { type: 'integer', const: 'z' },
        },
      },
      want: [
        ['/properties/a~1b/items/enum/0', /must be a string/],
        ['/properties/x~0y/const', /must be an integer/],
      ],
    },
  ],
  [
    'a spec with many problems lists them all',
    {
      given: {
        type: 'object',
        properties: {
          a: { type: 'string', enum: [] },
          b: { type: 'array' },
          c: { oneOf: [{ type: 'string' }] },
          d: { type: 'integer', required: false, foo: 1 },
        },
      },
      want: [
        ['', /additionalProperties/],
        ['/properties/a/enum', /at least one value/],
        ['/properties/b', /needs "items"/],
        ['/properties/c/oneOf', /at least two branches/],
        ['/properties/d/required', /required: false/],
        ['/properties/d/foo', /unknown keyword/],
      ],
    },
  ],
]

export const invalidParameterSpecs: [string, { given: unknown; want: Want }][] = [
  ['not an object', { given: [], want: [['', /must be an object/]] }],
  ['a property that is not a spec', { given: { a: 'string' }, want: [['/a', /must be an object/]] }],
  [
    'required: false',
    { given: { a: { type: 'string', required: false } }, want: [['/a/required', /required: false/]] },
  ],
  ['required: "yes"', { given: { a: { type: 'string', required: 'yes' } }, want: [['/a/required', /must be true/]] }],
  [
    'every bad property is listed',
    {
      given: {
        path: { type: 'string', required: true },
        offset: { type: 'int' },
        mode: { type: 'string', enum: ['r', 2] },
      },
      want: [
        ['/offset/type', /must be one of/],
        ['/mode/enum/1', /must be a string/],
      ],
    },
  ],
  [
    'a parameter map is not a value spec',
    {
      given: { type: 'object', additionalProperties: true },
      want: [
        ['/type', /must be an object/],
        ['/additionalProperties', /must be an object/],
      ],
    },
  ],
]
