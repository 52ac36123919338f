/** @jsx h */
import { h, Fragment } from 'preact';
import { useState, useEffect, useCallback } from 'preact/hooks';
import PropTypes from 'prop-types';
import styles from './Card.module.css';

/**
 * A card with a title and collapsible body.
 */
export function Card({ title, children, initiallyOpen = false }) { /* … L10-19 */ }

Card.propTypes = {
  title: PropTypes.string.isRequired,
  children: PropTypes.node,
  initiallyOpen: PropTypes.bool,
};

export const Badge = ({ count }) => { /* … L27 */ };

const Spinner = () => { /* … L29-33 */ };

function useTicker(ms = 1000) { /* … L35-42 */ }

export class Clock extends Component {
  static defaultProps = { format: (d) => { /* … L45 */ } };

  state = { now: new Date() };

  componentDidMount() { /* … L49-51 */ }

  componentWillUnmount() { /* … L53-55 */ }

  render() { /* … L57-60 */ }
}

export default function App() { /* … L63-74 */ }
