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
        ['/additionalProperties', /must be true, false or a value spec/],
      ],
    },
  ],
  ['a typeless node still has its items checked', { given: { items: { type: 'bogus' } }, want: [['', /needs "type"/], ['/items/type', /must be one of/]] }],
  [
    'unknown keyword',
    { given: { type: 'string', contains: 1 }, want: [['/contains', /unknown keyword "contains"/]] },
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
      given: { type: 'object', additionalProperties: 'yes' },
      want: [['/additionalProperties', /true, false or a value spec/]],
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
  // Value constraints: placement, bad values and contradictions are author errors at the keyword.
  ['minLength on a number', { given: { type: 'number', minLength: 1 }, want: [['/minLength', /not allowed on a number node; it belongs on string nodes/]] }],
  ['minimum on a string', { given: { type: 'string', minimum: 1 }, want: [['/minimum', /not allowed on a string node; it belongs on number and integer nodes/]] }],
  ['minItems on an object', { given: { type: 'object', additionalProperties: true, minItems: 1 }, want: [['/minItems', /belongs on array nodes/]] }],
  ['a bound on json', { given: { type: 'json', maxProperties: 1 }, want: [['/maxProperties', /belongs on object nodes/]] }],
  ['minimum above maximum', { given: { type: 'integer', minimum: 5, maximum: 1 }, want: [['/minimum', /minimum 5 is above maximum 1, so no number could match/]] }],
  ['exclusive bounds that meet', { given: { type: 'number', exclusiveMinimum: 1, exclusiveMaximum: 1 }, want: [['/exclusiveMinimum', /not below exclusiveMaximum 1/]] }],
  ['minLength above maxLength', { given: { type: 'string', minLength: 3, maxLength: 2 }, want: [['/minLength', /minLength 3 is above maxLength 2/]] }],
  ['minItems above maxItems', { given: { type: 'array', items: { type: 'json' }, minItems: 3, maxItems: 2 }, want: [['/minItems', /above maxItems 2/]] }],
  ['a fractional count', { given: { type: 'string', maxLength: 1.5 }, want: [['/maxLength', /non-negative integer, found a non-integer number/]] }],
  ['a negative count', { given: { type: 'object', additionalProperties: true, minProperties: -1 }, want: [['/minProperties', /non-negative integer/]] }],
  ['multipleOf zero', { given: { type: 'number', multipleOf: 0 }, want: [['/multipleOf', /greater than 0/]] }],
  ['a bound that is not a number', { given: { type: 'number', maximum: '10' }, want: [['/maximum', /finite number, found a string/]] }],
  ['uniqueItems not a boolean', { given: { type: 'array', items: { type: 'json' }, uniqueItems: 'yes' }, want: [['/uniqueItems', /true or false/]] }],
  ['an invalid pattern', { given: { type: 'string', pattern: '[a-' }, want: [['/pattern', /not a valid regular expression with the u flag/]] }],
  ['a pattern only valid without the u flag', { given: { type: 'string', pattern: '\\-\\q' }, want: [['/pattern', /u flag/]] }],
  ['a catastrophic pattern', { given: { type: 'string', pattern: '^(a+)+$' }, want: [['/pattern', /backtrack catastrophically \(a repeated group that repeats\)/]] }],
  ['a repeated alternation', { given: { type: 'string', pattern: '^(a|ab)*c' }, want: [['/pattern', /a repeated group that alternates/]] }],
  ['a backreference', { given: { type: 'string', pattern: '(a)\\1' }, want: [['/pattern', /backreference/]] }],
  ['an unknown format', { given: { type: 'string', format: 'phone' }, want: [['/format', /format must be one of date-time, date, time, duration, email, hostname, ipv4, ipv6, uuid, uri/]] }],
  [
    'a typed map whose value spec is broken',
    { given: { type: 'object', additionalProperties: { type: 'number', minLength: 1 } }, want: [['/additionalProperties/minLength', /belongs on string nodes/]] },
  ],
  // The corpus's mistakes get a hint at the fix.
  ['string enum values on a boolean node', { given: { type: 'boolean', enum: ['True', 'False'] }, want: [['/enum/0', /did you mean `type: string`\?/], ['/enum/1', /did you mean `type: string`\?/]] }],
  ['a string enum value on an integer node', { given: { type: 'integer', enum: ['1', 2] }, want: [['/enum/0', /must be an integer.*did you mean `type: string`\?/]] }],
  ['enum on an array node', { given: { type: 'array', items: { type: 'string' }, enum: ['a'] }, want: [['/enum', /did you mean to put `enum` on `items`\?/]] }],
  // default, each example, const and each enum member must fit their own node.
  ['a default of the wrong type', { given: { type: 'integer', default: 'ten' }, want: [['/default', /the default "ten" does not fit its node: expected an integer/]] }],
  ['a default outside the enum', { given: { type: 'string', enum: ['metric', 'imperial'], default: 'kelvin' }, want: [['/default', /must be one of \["metric","imperial"\]/]] }],
  ['a default above the maximum', { given: { type: 'integer', maximum: 100, default: 101 }, want: [['/default', /must be at most 100 \(maximum\)/]] }],
  ['an example that breaks a bound', { given: { type: 'string', format: 'date', examples: ['2024-01-31', 'next tuesday'] }, want: [['/examples/1', /the example "next tuesday" does not fit its node: must be a valid date \(format\)/]] }],
  ['a const that breaks a bound', { given: { type: 'number', const: 5, maximum: 3 }, want: [['/const', /the const 5 does not fit its node: must be at most 3/]] }],
  ['an enum member that breaks a bound', { given: { type: 'string', enum: ['ok', 'toolong'], maxLength: 3 }, want: [['/enum/1', /the enum value "toolong" does not fit its node: must be at most 3 characters long/]] }],
  [
    'a nested default is reported at its path inside the value',
    {
      given: { type: 'object', additionalProperties: false, properties: { a: { type: 'integer' } }, default: { a: 'x' } },
      want: [['/default/a', /expected an integer/]],
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
