// The enforced `format`s: linear-time predicates (bounded scans, anchored regexes without nested quantifiers) by the
// RFCs JSON Schema names: 3339 (dates, times, durations), 5321 (email), 1123 and 5890-5892 (hostname), 2673 (ipv4),
// 4291 (ipv6), 4122 (uuid), 3986 (uri).

/** The `format` names the subset enforces. */
export const STRING_FORMATS = ['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid', 'uri'] as const

/** One enforced `format` name. */
export type StringFormat = (typeof STRING_FORMATS)[number]

/** Whether `name` is an enforced format. */
export function isStringFormat(name: unknown): name is StringFormat {
  return typeof name === 'string' && (STRING_FORMATS as readonly string[]).includes(name)
}

/** Whether `value` is valid for `format`. */
export function matchesFormat(format: StringFormat, value: string): boolean {
  return FORMAT_CHECKS[format](value)
}

/** The predicates by name (the compiled validators call them directly). */
export const FORMAT_CHECKS: Readonly<Record<StringFormat, (value: string) => boolean>> = Object.freeze({
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
  duration: (value) => DURATION.test(value),
  email: isEmail,
  hostname: isHostname,
  ipv4: (value) => IPV4.test(value),
  ipv6: isIpv6,
  uuid: (value) => UUID.test(value),
  uri: isUri,
})

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:z|([+-])(\d{2}):(\d{2}))$/i
const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function isDate(value: string): boolean {
  const match = DATE.exec(value)
  if (match === null) return false
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > (DAYS[month] as number)) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return month !== 2 || day < 29 || leap
}

function isTime(value: string): boolean {
  const match = TIME.exec(value)
  if (match === null) return false
  const hour = Number(match[1])
  const minute = Number(match[2])
  const second = Number(match[3])
  const sign = match[4] === '-' ? -1 : 1
  const offsetHour = match[5] === undefined ? 0 : Number(match[5])
  const offsetMinute = match[6] === undefined ? 0 : Number(match[6])
  if (hour > 23 || minute > 59 || offsetHour > 23 || offsetMinute > 59 || second > 60) return false
  if (second < 60) return true
  // A leap second happens at 23:59:60 UTC only.
  const utc = (hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute) + 2 * 1440) % 1440
  return utc === 23 * 60 + 59
}

function isDateTime(value: string): boolean {
  const t = value.length > 10 ? value.charCodeAt(10) : 0
  return (t === 0x54 || t === 0x74) && isDate(value.slice(0, 10)) && isTime(value.slice(11))
}

// RFC 3339 appendix A: units in order with the ABNF's nesting; digits only, no fractions.
const DURATION =
  /^P(?:(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$/

// RFC 5321 Mailbox: a dot-string or quoted-string local part, then a domain or an address literal.
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/

function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@')
  if (at <= 0 || at === value.length - 1) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > 64 || !(DOT_ATOM.test(local) || QUOTED.test(local))) return false
  if (domain.startsWith('[') && domain.endsWith(']')) {
    const literal = domain.slice(1, -1)
    return literal.slice(0, 5).toLowerCase() === 'ipv6:' ? isIpv6(literal.slice(5)) : IPV4.test(literal)
  }
  return isHostname(domain)
}

const LDH_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

function isHostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false
  for (const label of value.split('.')) {
    if (!LDH_LABEL.test(label)) return false
    // RFC 5891 §4.2.3.1: "--" in the third and fourth positions is reserved for A-labels ("xn--").
    if (label.length >= 4 && label[2] === '-' && label[3] === '-') {
      if (label.slice(0, 4).toLowerCase() !== 'xn--' || !isALabel(label.slice(4))) return false
    }
  }
  return true
}

/** An A-label's Punycode part decodes to a valid U-label (RFC 5891 §5.4, RFC 5892 contextual rules). */
function isALabel(encoded: string): boolean {
  const decoded = decodePunycode(encoded.toLowerCase())
  if (decoded === undefined || decoded.length === 0) return false
  const chars = Array.from(decoded)
  if (/^\p{M}/u.test(decoded)) return false // RFC 5891 §4.2.3.2: no leading combining mark
  if (chars.length >= 4 && chars[2] === '-' && chars[3] === '-') return false
  let arabicIndic = false
  let extendedArabicIndic = false
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string
    const code = c.codePointAt(0) as number
    if (DISALLOWED_EXCEPTIONS.has(code)) return false
    if (PVALID_EXCEPTIONS.has(code)) continue
    // PVALID approximated: lower-case and caseless letters, marks, digits and the hyphen.
    const before = chars[i - 1]
    const after = chars[i + 1]
    switch (code) {
      case 0x00b7: // MIDDLE DOT: between two 'l'
        if (before !== 'l' || after !== 'l') return false
        continue
      case 0x0375: // GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek
        if (after === undefined || !/\p{Script=Greek}/u.test(after)) return false
        continue
      case 0x05f3: // HEBREW GERESH
      case 0x05f4: // HEBREW GERSHAYIM: preceded by Hebrew
        if (before === undefined || !/\p{Script=Hebrew}/u.test(before)) return false
        continue
      case 0x30fb: // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han somewhere
        if (!chars.some((other) => other !== c && /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(other))) return false
        continue
      case 0x200d: // ZERO WIDTH JOINER: after a virama
        if (before === undefined || !VIRAMAS.has(before.codePointAt(0) as number)) return false
        continue
      case 0x200c: // ZERO WIDTH NON-JOINER: after a virama, or between joining letters
        if (before === undefined) return false
        if (!VIRAMAS.has(before.codePointAt(0) as number) && !(/\p{Script=Arabic}/u.test(before) && after !== undefined && /\p{Script=Arabic}/u.test(after))) return false
        continue
    }
    if (code >= 0x0660 && code <= 0x0669) arabicIndic = true
    else if (code >= 0x06f0 && code <= 0x06f9) extendedArabicIndic = true
    else if (!/[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}-]/u.test(c)) return false
  }
  return !(arabicIndic && extendedArabicIndic)
}

// RFC 5892 §2.6 exceptions.
const PVALID_EXCEPTIONS = new Set([0x00df, 0x03c2, 0x06fd, 0x06fe, 0x0f0b, 0x3007])
const DISALLOWED_EXCEPTIONS = new Set([0x0640, 0x07fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b])
// Canonical_Combining_Class=Virama (9), the characters RFC 5892 appendix A.1/A.2 look for.
const VIRAMAS = new Set([
  0x094d, 0x09cd, 0x0a4d, 0x0acd, 0x0b4d, 0x0bcd, 0x0c4d, 0x0ccd, 0x0d3b, 0x0d3c, 0x0d4d, 0x0dca, 0x0e3a, 0x0eba, 0x0f84,
  0x1039, 0x103a, 0x1714, 0x1715, 0x1734, 0x17d2, 0x1a60, 0x1b44, 0x1baa, 0x1bab, 0x1bf2, 0x1bf3, 0x2d7f, 0xa806, 0xa82c,
  0xa8c4, 0xa953, 0xa9c0, 0xaaf6, 0xabed,
])

/** RFC 3492 Punycode decoding of the part after "xn--"; `undefined` when it is not valid Punycode. */
function decodePunycode(input: string): string | undefined {
  const base = 36
  const delimiter = input.lastIndexOf('-')
  const output: number[] = []
  for (let i = 0; i < Math.max(delimiter, 0); i++) {
    const code = input.charCodeAt(i)
    if (code >= 0x80) return undefined
    output.push(code)
  }
  let n = 128
  let bias = 72
  let i = 0
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const oldi = i
    let w = 1
    for (let k = base; ; k += base) {
      if (index >= input.length) return undefined
      const c = input.charCodeAt(index++)
      const digit = c >= 0x30 && c <= 0x39 ? c - 22 : c >= 0x61 && c <= 0x7a ? c - 0x61 : base
      if (digit >= base) return undefined
      i += digit * w
      if (i > 0x7fffffff) return undefined
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias
      if (digit < t) break
      w *= base - t
    }
    const length = output.length + 1
    let delta = oldi === 0 ? Math.floor((i - oldi) / 700) : Math.floor((i - oldi) / 2)
    delta += Math.floor(delta / length)
    let k = 0
    while (delta > 455) {
      delta = Math.floor(delta / 35)
      k += base
    }
    bias = k + Math.floor((36 * delta) / (delta + 38))
    n += Math.floor(i / length)
    i %= length
    if (n > 0x10ffff) return undefined
    output.splice(i, 0, n)
    i++
  }
  return String.fromCodePoint(...output)
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/

function isIpv6(value: string): boolean {
  if (value.length > 45) return false
  const halves = value.split('::')
  if (halves.length > 2) return false
  const head = ipv6Groups(halves[0] as string, halves.length === 1)
  if (head === undefined) return false
  if (halves.length === 1) return head === 8
  const tail = ipv6Groups(halves[1] as string, true)
  return tail !== undefined && head + tail <= 7
}

/** How many 16-bit groups `part` holds (a trailing dotted quad counts two), or `undefined` if malformed. */
function ipv6Groups(part: string, mayEndInIpv4: boolean): number | undefined {
  if (part === '') return 0
  const groups = part.split(':')
  let count = 0
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i] as string
    if (HEX_GROUP.test(group)) count += 1
    else if (mayEndInIpv4 && i === groups.length - 1 && IPV4.test(group)) count += 2
    else return undefined
  }
  return count
}

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/

// RFC 3986 URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ], checked part by part.
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/
const PCHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/
const REG_NAME = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/
const IP_FUTURE = /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/i

function isUri(value: string): boolean {
  const colon = value.indexOf(':')
  if (colon <= 0 || !SCHEME.test(value.slice(0, colon))) return false
  let rest = value.slice(colon + 1)
  const hash = rest.indexOf('#')
  if (hash !== -1) {
    if (!PCHARS.test(rest.slice(hash + 1))) return false
    rest = rest.slice(0, hash)
  }
  const question = rest.indexOf('?')
  if (question !== -1) {
    if (!PCHARS.test(rest.slice(question + 1))) return false
    rest = rest.slice(0, question)
  }
  let path = rest
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2)
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash)
    path = slash === -1 ? '' : rest.slice(slash)
    if (!isAuthority(authority)) return false
  }
  return !path.includes('[') && !path.includes(']') && !path.includes('?') && PCHARS.test(path)
}

function isAuthority(authority: string): boolean {
  const at = authority.lastIndexOf('@')
  if (at !== -1 && !USERINFO.test(authority.slice(0, at))) return false
  let host = authority.slice(at + 1)
  if (host.startsWith('[')) {
    const close = host.indexOf(']')
    if (close === -1) return false
    const literal = host.slice(1, close)
    if (!(isIpv6(literal) || IP_FUTURE.test(literal))) return false
    host = host.slice(close + 1)
    return host === '' || /^:\d*$/.test(host)
  }
  const portAt = host.lastIndexOf(':')
  if (portAt !== -1) {
    if (!/^\d*$/.test(host.slice(portAt + 1))) return false
    host = host.slice(0, portAt)
  }
  return REG_NAME.test(host)
}
