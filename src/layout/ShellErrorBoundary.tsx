import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Error as ErrorPage } from 'react-admin';

type Props = { children: ReactNode; resetKey: string };
type State = { error: Error | null; errorInfo?: ErrorInfo; resetKey: string };

/** A screen that crashes shows react-admin's error page inside the shell; navigating away resets it. */
export class ShellErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, errorInfo: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(_error: Error, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  override render() {
    const { error, errorInfo } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorPage
        error={error}
        errorInfo={errorInfo}
        resetErrorBoundary={() => this.setState({ error: null, errorInfo: undefined })}
      />
    );
  }
}
