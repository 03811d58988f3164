import { doc } from '../prettier-doc.js'
import { type Doc, textGroup } from './ts-layout-context.js'

const { group, indent, indentIfBreak, line, lineSuffixBoundary } = doc.builders

/** The layouts of prettier's printAssignment that the subset reaches. */
export type AssignmentLayout = 'break-after-operator' | 'never-break-after-operator' | 'fluid' | 'break-lhs'

/** prettier's printAssignment: `left operator right` in the chosen layout. */
export function printAssignment(left: Doc, operator: string, right: Doc, layout: AssignmentLayout): Doc {
  switch (layout) {
    case 'break-after-operator':
      return group([group(left), operator, group(indent([line, right]))])
    case 'never-break-after-operator':
      return textGroup([textGroup([left]), operator, ' ', right])
    case 'break-lhs':
      return group([left, operator, ' ', group(right)])
    case 'fluid': {
      const groupId = Symbol('assignment')
      return group([group(left), operator, group(indent(line), { id: groupId }), lineSuffixBoundary, indentIfBreak(right, { groupId })])
    }
  }
}
