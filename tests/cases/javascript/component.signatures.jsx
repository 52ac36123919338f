/** @jsx h */
import { h, Fragment } from 'preact';
import { useState, useEffect, useCallback } from 'preact/hooks';
import PropTypes from 'prop-types';
import styles from './Card.module.css';

/**
 * A card with a title and collapsible body.
 */
export function Card({ title, children, initiallyOpen = false }) { /* … */ }

Card.propTypes = {
  title: PropTypes.string.isRequired,
  children: PropTypes.node,
  initiallyOpen: PropTypes.bool,
};

export const Badge = ({ count }) => { /* … */ };

const Spinner = () => { /* … */ };

function useTicker(ms = 1000) { /* … */ }

export class Clock extends Component {
  static defaultProps = { format: (d) => { /* … */ } };

  state = { now: new Date() };

  componentDidMount() { /* … */ }

  componentWillUnmount() { /* … */ }

  render() { /* … */ }
}

export default function App() { /* … */ }
