// @toolsmith/generator: programmatic entry points of the toolsmith CLI.
export {}
