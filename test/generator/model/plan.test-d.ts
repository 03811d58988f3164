import { expectTypeOf, test } from 'vitest'
import type { ProjectConfig } from '../../../generator/src/config/project-config.js'
import type { PlanOptions, ProjectLayout } from '../../../generator/src/model/plan.js'

test('the config and the planner read one layout: a resolved config is the layout half of PlanOptions', () => {
  type Layout = Pick<PlanOptions, keyof ProjectLayout>
  expectTypeOf<Pick<ProjectConfig, keyof ProjectLayout>>().toEqualTypeOf<Layout>()
  expectTypeOf<Layout>().toEqualTypeOf<ProjectLayout>()
  // What the config holds beyond the layout the planner never sees.
  expectTypeOf<Exclude<keyof ProjectConfig, keyof ProjectLayout>>().toEqualTypeOf<'schemas' | 'diff' | 'targets'>()
})
