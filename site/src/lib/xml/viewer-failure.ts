import type { ViewerProblem } from './problems.ts'

/** Thrown inside the rendering steps to stop with a problem the visitor is shown. */
export class ViewerFailure extends Error {
  readonly problem: ViewerProblem
  constructor(problem: ViewerProblem) {
    super(problem.kind)
    this.problem = problem
  }
}
