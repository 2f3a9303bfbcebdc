import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = {
  children: ReactNode
  /** When this changes (e.g. the path), a failed region tries again. */
  resetKey?: unknown
  fallback?: ReactNode
}
type State = { error: Error | null; resetKey: unknown }

/** Keeps a crash inside one page region: the rest of the panel stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      this.props.fallback ?? (
        <div className="notice notice--error" role="alert">
          <p>Bu bölüm görüntülenirken bir hata oluştu.</p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => this.setState({ error: null })}
          >
            Tekrar dene
          </button>
        </div>
      )
    )
  }
}
