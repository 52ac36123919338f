/** @jsx h */
import { h, Fragment } from 'preact';
import { useState, useEffect, useCallback } from 'preact/hooks';
import PropTypes from 'prop-types';
import styles from './Card.module.css';

/**
 * A card with a title and collapsible body.
 */
export function Card({ title, children, initiallyOpen = false }) {
  const [open, setOpen] = useState(initiallyOpen);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  return (
    <section className={styles.card}>
      <h2 onClick={toggle}>{title}</h2>
      {open && <div className={styles.body}>{children}</div>}
    </section>
  );
}

Card.propTypes = {
  title: PropTypes.string.isRequired,
  children: PropTypes.node,
  initiallyOpen: PropTypes.bool,
};

export const Badge = ({ count }) => <span className="badge">{count > 99 ? '99+' : count}</span>;

const Spinner = () => (
  <div role="status" aria-live="polite">
    Loading…
  </div>
);

function useTicker(ms = 1000) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export class Clock extends Component {
  static defaultProps = { format: (d) => d.toLocaleTimeString() };

  state = { now: new Date() };

  componentDidMount() {
    this.timer = setInterval(() => this.setState({ now: new Date() }), 1000);
  }

  componentWillUnmount() {
    clearInterval(this.timer);
  }

  render() {
    const { format } = this.props;
    return <time dateTime={this.state.now.toISOString()}>{format(this.state.now)}</time>;
  }
}

export default function App() {
  const now = useTicker();
  return (
    <>
      <Card title="Clock" initiallyOpen>
        <Clock />
        <Badge count={now % 120} />
      </Card>
      <Spinner />
    </>
  );
}
