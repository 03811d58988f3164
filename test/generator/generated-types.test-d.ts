// Each named type the generator writes equals the runtime's inference of the spec it writes beside it:
// `<Name>Args` is `InferArgs<typeof <name>Parameters>` and `<Name>Output` is `InferValue<typeof <name>OutputSpec>`,
// for every tool of every golden fixture (golden.test.ts checks that none is left out here).
import type { InferArgs, InferValue } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'
import type * as cards_bash from './fixtures/cards/expected/src/tools/generated/bash.js'
import type * as cards_editFile from './fixtures/cards/expected/src/tools/generated/edit_file.js'
import type * as cards_glob from './fixtures/cards/expected/src/tools/generated/glob.js'
import type * as cards_grep from './fixtures/cards/expected/src/tools/generated/grep.js'
import type * as cards_moveFile from './fixtures/cards/expected/src/tools/generated/move_file.js'
import type * as cards_now from './fixtures/cards/expected/src/tools/generated/now.js'
import type * as cards_readFile from './fixtures/cards/expected/src/tools/generated/read_file.js'
import type * as cards_runTests from './fixtures/cards/expected/src/tools/generated/run_tests.js'
import type * as cards_webFetch from './fixtures/cards/expected/src/tools/generated/web_fetch.js'
import type * as cards_webSearch from './fixtures/cards/expected/src/tools/generated/web_search.js'
import type * as cardsMisfit_diffCount from './fixtures/cards-misfit/expected/src/tools/generated/diff_count.js'
import type * as cardsMisfit_diffMany from './fixtures/cards-misfit/expected/src/tools/generated/diff_many.js'
import type * as cardsMisfit_fetchStatus from './fixtures/cards-misfit/expected/src/tools/generated/fetch_status.js'
import type * as cardsMisfit_ping from './fixtures/cards-misfit/expected/src/tools/generated/ping.js'
import type * as cardsMisfit_readString from './fixtures/cards-misfit/expected/src/tools/generated/read_string.js'
import type * as cardsMisfit_readText from './fixtures/cards-misfit/expected/src/tools/generated/read_text.js'
import type * as cardsMisfit_searchList from './fixtures/cards-misfit/expected/src/tools/generated/search_list.js'
import type * as cardsMisfit_searchUntotalled from './fixtures/cards-misfit/expected/src/tools/generated/search_untotalled.js'
import type * as cardsMisfit_searchWebBare from './fixtures/cards-misfit/expected/src/tools/generated/search_web_bare.js'
import type * as cardsMisfit_shellNumber from './fixtures/cards-misfit/expected/src/tools/generated/shell_number.js'
import type * as hostile_class from './fixtures/hostile/expected/src/tools/generated/class.js'
import type * as hostile_default from './fixtures/hostile/expected/src/tools/generated/default.js'
import type * as hostile_delete from './fixtures/hostile/expected/src/tools/generated/delete.js'
import type * as hostile_tools from './fixtures/hostile/expected/src/tools/generated/tools.js'
import type * as prettierConfig_glob from './fixtures/prettier-config/expected/src/tools/generated/glob.js'
import type * as prettierConfig_now from './fixtures/prettier-config/expected/src/tools/generated/now.js'
import type * as regenerate_bash from './fixtures/regenerate/expected/src/tools/generated/bash.js'
import type * as regenerate_editFile from './fixtures/regenerate/expected/src/tools/generated/edit_file.js'
import type * as regenerate_lint from './fixtures/regenerate/expected/src/tools/generated/lint.js'
import type * as regenerate_readFile from './fixtures/regenerate/expected/src/tools/generated/read_file.js'
import type * as regenerate_webFetch from './fixtures/regenerate/expected/src/tools/generated/web_fetch.js'
import type * as regions_glob from './fixtures/regions/expected/src/tools/generated/glob.js'
import type * as regions_now from './fixtures/regions/expected/src/tools/generated/now.js'
import type * as templates_bash from './fixtures/templates/expected/src/tools/generated/bash.js'
import type * as templates_glob from './fixtures/templates/expected/src/tools/generated/glob.js'
import type * as types_bounds from './fixtures/types/expected/src/tools/generated/bounds.js'
import type * as types_collections from './fixtures/types/expected/src/tools/generated/collections.js'
import type * as types_deep from './fixtures/types/expected/src/tools/generated/deep.js'
import type * as types_jsonRoot from './fixtures/types/expected/src/tools/generated/json_root.js'
import type * as types_objects from './fixtures/types/expected/src/tools/generated/objects.js'
import type * as types_scalars from './fixtures/types/expected/src/tools/generated/scalars.js'

describe('generated types equal the inferred types', () => {
  test('cards/bash', () => {
    expectTypeOf<cards_bash.BashArgs>().toEqualTypeOf<InferArgs<typeof cards_bash.bashParameters>>()
    expectTypeOf<cards_bash.BashOutput>().toEqualTypeOf<InferValue<typeof cards_bash.bashOutputSpec>>()
  })
  test('cards/edit_file', () => {
    expectTypeOf<cards_editFile.EditFileArgs>().toEqualTypeOf<InferArgs<typeof cards_editFile.editFileParameters>>()
    expectTypeOf<cards_editFile.EditFileOutput>().toEqualTypeOf<InferValue<typeof cards_editFile.editFileOutputSpec>>()
  })
  test('cards/glob', () => {
    expectTypeOf<cards_glob.GlobArgs>().toEqualTypeOf<InferArgs<typeof cards_glob.globParameters>>()
    expectTypeOf<cards_glob.GlobOutput>().toEqualTypeOf<InferValue<typeof cards_glob.globOutputSpec>>()
  })
  test('cards/grep', () => {
    expectTypeOf<cards_grep.GrepArgs>().toEqualTypeOf<InferArgs<typeof cards_grep.grepParameters>>()
    expectTypeOf<cards_grep.GrepOutput>().toEqualTypeOf<InferValue<typeof cards_grep.grepOutputSpec>>()
  })
  test('cards/move_file', () => {
    expectTypeOf<cards_moveFile.MoveFileArgs>().toEqualTypeOf<InferArgs<typeof cards_moveFile.moveFileParameters>>()
    expectTypeOf<cards_moveFile.MoveFileOutput>().toEqualTypeOf<InferValue<typeof cards_moveFile.moveFileOutputSpec>>()
  })
  test('cards/now', () => {
    expectTypeOf<cards_now.NowArgs>().toEqualTypeOf<InferArgs<typeof cards_now.nowParameters>>()
    expectTypeOf<cards_now.NowOutput>().toEqualTypeOf<InferValue<typeof cards_now.nowOutputSpec>>()
  })
  test('cards/read_file', () => {
    expectTypeOf<cards_readFile.ReadFileArgs>().toEqualTypeOf<InferArgs<typeof cards_readFile.readFileParameters>>()
    expectTypeOf<cards_readFile.ReadFileOutput>().toEqualTypeOf<InferValue<typeof cards_readFile.readFileOutputSpec>>()
  })
  test('cards/run_tests', () => {
    expectTypeOf<cards_runTests.RunTestsArgs>().toEqualTypeOf<InferArgs<typeof cards_runTests.runTestsParameters>>()
    expectTypeOf<cards_runTests.RunTestsOutput>().toEqualTypeOf<InferValue<typeof cards_runTests.runTestsOutputSpec>>()
  })
  test('cards/web_fetch', () => {
    expectTypeOf<cards_webFetch.WebFetchArgs>().toEqualTypeOf<InferArgs<typeof cards_webFetch.webFetchParameters>>()
    expectTypeOf<cards_webFetch.WebFetchOutput>().toEqualTypeOf<InferValue<typeof cards_webFetch.webFetchOutputSpec>>()
  })
  test('cards/web_search', () => {
    expectTypeOf<cards_webSearch.WebSearchArgs>().toEqualTypeOf<InferArgs<typeof cards_webSearch.webSearchParameters>>()
    expectTypeOf<cards_webSearch.WebSearchOutput>().toEqualTypeOf<InferValue<typeof cards_webSearch.webSearchOutputSpec>>()
  })
  test('cards-misfit/diff_count', () => {
    expectTypeOf<cardsMisfit_diffCount.DiffCountArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_diffCount.diffCountParameters>>()
    expectTypeOf<cardsMisfit_diffCount.DiffCountOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_diffCount.diffCountOutputSpec>>()
  })
  test('cards-misfit/diff_many', () => {
    expectTypeOf<cardsMisfit_diffMany.DiffManyArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_diffMany.diffManyParameters>>()
    expectTypeOf<cardsMisfit_diffMany.DiffManyOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_diffMany.diffManyOutputSpec>>()
  })
  test('cards-misfit/fetch_status', () => {
    expectTypeOf<cardsMisfit_fetchStatus.FetchStatusArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_fetchStatus.fetchStatusParameters>>()
    expectTypeOf<cardsMisfit_fetchStatus.FetchStatusOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_fetchStatus.fetchStatusOutputSpec>>()
  })
  test('cards-misfit/ping', () => {
    expectTypeOf<cardsMisfit_ping.PingArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_ping.pingParameters>>()
    expectTypeOf<cardsMisfit_ping.PingOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_ping.pingOutputSpec>>()
  })
  test('cards-misfit/read_string', () => {
    expectTypeOf<cardsMisfit_readString.ReadStringArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_readString.readStringParameters>>()
    expectTypeOf<cardsMisfit_readString.ReadStringOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_readString.readStringOutputSpec>>()
  })
  test('cards-misfit/read_text', () => {
    expectTypeOf<cardsMisfit_readText.ReadTextArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_readText.readTextParameters>>()
    expectTypeOf<cardsMisfit_readText.ReadTextOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_readText.readTextOutputSpec>>()
  })
  test('cards-misfit/search_list', () => {
    expectTypeOf<cardsMisfit_searchList.SearchListArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_searchList.searchListParameters>>()
    expectTypeOf<cardsMisfit_searchList.SearchListOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_searchList.searchListOutputSpec>>()
  })
  test('cards-misfit/search_untotalled', () => {
    expectTypeOf<cardsMisfit_searchUntotalled.SearchUntotalledArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_searchUntotalled.searchUntotalledParameters>>()
    expectTypeOf<cardsMisfit_searchUntotalled.SearchUntotalledOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_searchUntotalled.searchUntotalledOutputSpec>>()
  })
  test('cards-misfit/search_web_bare', () => {
    expectTypeOf<cardsMisfit_searchWebBare.SearchWebBareArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_searchWebBare.searchWebBareParameters>>()
    expectTypeOf<cardsMisfit_searchWebBare.SearchWebBareOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_searchWebBare.searchWebBareOutputSpec>>()
  })
  test('cards-misfit/shell_number', () => {
    expectTypeOf<cardsMisfit_shellNumber.ShellNumberArgs>().toEqualTypeOf<InferArgs<typeof cardsMisfit_shellNumber.shellNumberParameters>>()
    expectTypeOf<cardsMisfit_shellNumber.ShellNumberOutput>().toEqualTypeOf<InferValue<typeof cardsMisfit_shellNumber.shellNumberOutputSpec>>()
  })
  test('hostile/class', () => {
    expectTypeOf<hostile_class.ClassArgs>().toEqualTypeOf<InferArgs<typeof hostile_class.classParameters>>()
    expectTypeOf<hostile_class.ClassOutput>().toEqualTypeOf<InferValue<typeof hostile_class.classOutputSpec>>()
  })
  test('hostile/default', () => {
    expectTypeOf<hostile_default.DefaultArgs>().toEqualTypeOf<InferArgs<typeof hostile_default.defaultParameters>>()
    expectTypeOf<hostile_default.DefaultOutput>().toEqualTypeOf<InferValue<typeof hostile_default.defaultOutputSpec>>()
  })
  test('hostile/delete', () => {
    expectTypeOf<hostile_delete.DeleteArgs>().toEqualTypeOf<InferArgs<typeof hostile_delete.deleteParameters>>()
    expectTypeOf<hostile_delete.DeleteOutput>().toEqualTypeOf<InferValue<typeof hostile_delete.deleteOutputSpec>>()
  })
  test('hostile/tools', () => {
    expectTypeOf<hostile_tools.ToolsArgs>().toEqualTypeOf<InferArgs<typeof hostile_tools.toolsParameters>>()
    expectTypeOf<hostile_tools.ToolsOutput>().toEqualTypeOf<InferValue<typeof hostile_tools.toolsOutputSpec>>()
  })
  test('prettier-config/glob', () => {
    expectTypeOf<prettierConfig_glob.GlobArgs>().toEqualTypeOf<InferArgs<typeof prettierConfig_glob.globParameters>>()
    expectTypeOf<prettierConfig_glob.GlobOutput>().toEqualTypeOf<InferValue<typeof prettierConfig_glob.globOutputSpec>>()
  })
  test('prettier-config/now', () => {
    expectTypeOf<prettierConfig_now.NowArgs>().toEqualTypeOf<InferArgs<typeof prettierConfig_now.nowParameters>>()
    expectTypeOf<prettierConfig_now.NowOutput>().toEqualTypeOf<InferValue<typeof prettierConfig_now.nowOutputSpec>>()
  })
  test('regenerate/bash', () => {
    expectTypeOf<regenerate_bash.BashArgs>().toEqualTypeOf<InferArgs<typeof regenerate_bash.bashParameters>>()
    expectTypeOf<regenerate_bash.BashOutput>().toEqualTypeOf<InferValue<typeof regenerate_bash.bashOutputSpec>>()
  })
  test('regenerate/edit_file', () => {
    expectTypeOf<regenerate_editFile.EditFileArgs>().toEqualTypeOf<InferArgs<typeof regenerate_editFile.editFileParameters>>()
    expectTypeOf<regenerate_editFile.EditFileOutput>().toEqualTypeOf<InferValue<typeof regenerate_editFile.editFileOutputSpec>>()
  })
  test('regenerate/lint', () => {
    expectTypeOf<regenerate_lint.LintArgs>().toEqualTypeOf<InferArgs<typeof regenerate_lint.lintParameters>>()
    expectTypeOf<regenerate_lint.LintOutput>().toEqualTypeOf<InferValue<typeof regenerate_lint.lintOutputSpec>>()
  })
  test('regenerate/read_file', () => {
    expectTypeOf<regenerate_readFile.ReadFileArgs>().toEqualTypeOf<InferArgs<typeof regenerate_readFile.readFileParameters>>()
    expectTypeOf<regenerate_readFile.ReadFileOutput>().toEqualTypeOf<InferValue<typeof regenerate_readFile.readFileOutputSpec>>()
  })
  test('regenerate/web_fetch', () => {
    expectTypeOf<regenerate_webFetch.WebFetchArgs>().toEqualTypeOf<InferArgs<typeof regenerate_webFetch.webFetchParameters>>()
    expectTypeOf<regenerate_webFetch.WebFetchOutput>().toEqualTypeOf<InferValue<typeof regenerate_webFetch.webFetchOutputSpec>>()
  })
  test('regions/glob', () => {
    expectTypeOf<regions_glob.GlobArgs>().toEqualTypeOf<InferArgs<typeof regions_glob.globParameters>>()
    expectTypeOf<regions_glob.GlobOutput>().toEqualTypeOf<InferValue<typeof regions_glob.globOutputSpec>>()
  })
  test('regions/now', () => {
    expectTypeOf<regions_now.NowArgs>().toEqualTypeOf<InferArgs<typeof regions_now.nowParameters>>()
    expectTypeOf<regions_now.NowOutput>().toEqualTypeOf<InferValue<typeof regions_now.nowOutputSpec>>()
  })
  test('templates/bash', () => {
    expectTypeOf<templates_bash.BashArgs>().toEqualTypeOf<InferArgs<typeof templates_bash.bashParameters>>()
    expectTypeOf<templates_bash.BashOutput>().toEqualTypeOf<InferValue<typeof templates_bash.bashOutputSpec>>()
  })
  test('templates/glob', () => {
    expectTypeOf<templates_glob.GlobArgs>().toEqualTypeOf<InferArgs<typeof templates_glob.globParameters>>()
    expectTypeOf<templates_glob.GlobOutput>().toEqualTypeOf<InferValue<typeof templates_glob.globOutputSpec>>()
  })
  test('types bounds', () => {
    expectTypeOf<types_bounds.BoundsArgs>().toEqualTypeOf<InferArgs<typeof types_bounds.boundsParameters>>()
    expectTypeOf<types_bounds.BoundsOutput>().toEqualTypeOf<InferValue<typeof types_bounds.boundsOutputSpec>>()
  })
  test('types/collections', () => {
    expectTypeOf<types_collections.CollectionsArgs>().toEqualTypeOf<InferArgs<typeof types_collections.collectionsParameters>>()
    expectTypeOf<types_collections.CollectionsOutput>().toEqualTypeOf<InferValue<typeof types_collections.collectionsOutputSpec>>()
  })
  test('types/deep', () => {
    expectTypeOf<types_deep.DeepArgs>().toEqualTypeOf<InferArgs<typeof types_deep.deepParameters>>()
    expectTypeOf<types_deep.DeepOutput>().toEqualTypeOf<InferValue<typeof types_deep.deepOutputSpec>>()
  })
  test('types/json_root', () => {
    expectTypeOf<types_jsonRoot.JsonRootArgs>().toEqualTypeOf<InferArgs<typeof types_jsonRoot.jsonRootParameters>>()
    expectTypeOf<types_jsonRoot.JsonRootOutput>().toEqualTypeOf<InferValue<typeof types_jsonRoot.jsonRootOutputSpec>>()
  })
  test('types/objects', () => {
    expectTypeOf<types_objects.ObjectsArgs>().toEqualTypeOf<InferArgs<typeof types_objects.objectsParameters>>()
    expectTypeOf<types_objects.ObjectsOutput>().toEqualTypeOf<InferValue<typeof types_objects.objectsOutputSpec>>()
  })
  test('types/scalars', () => {
    expectTypeOf<types_scalars.ScalarsArgs>().toEqualTypeOf<InferArgs<typeof types_scalars.scalarsParameters>>()
    expectTypeOf<types_scalars.ScalarsOutput>().toEqualTypeOf<InferValue<typeof types_scalars.scalarsOutputSpec>>()
  })
})
