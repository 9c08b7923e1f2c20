import { Component, type ErrorInfo, type ReactNode } from 'react'

type ErrorBoundaryProps = {
  /** What shows instead of the failed children; `reset` renders them again. */
  fallback: (reset: () => void) => ReactNode
  children: ReactNode
}

type ErrorBoundaryState = { hasError: boolean }

/** Keeps a part of the page that fails on its own (a widget) from taking the whole route down. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false }

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  reset = () => this.setState({ hasError: false })

  override render() {
    return this.state.hasError ? this.props.fallback(this.reset) : this.props.children
  }
}
