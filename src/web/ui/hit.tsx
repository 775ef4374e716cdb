/**
 * A clickable part of an SVG drawing: a button to assistive technology, reachable by Tab, pressed with Enter
 * or Space, with a visible focus ring. `choice` marks it as a legal choice (the e2e tests look for it).
 */
import type { ComponentChildren } from 'preact';

export function Hit(props: {
  label: string;
  onPress: () => void;
  choice?: string | undefined;
  pressed?: boolean | undefined;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>; a role, a tab stop and keys make one.
    <g
      role="button"
      tabindex={0}
      aria-label={props.label}
      aria-pressed={props.pressed}
      data-choice={props.choice}
      class={`hit ${props.class ?? ''}`}
      onClick={props.onPress}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          props.onPress();
        }
      }}
    >
      <title>{props.label}</title>
      {props.children}
    </g>
  );
}

/** A named, non-interactive part of a drawing (a piece, a card, a ship) for screen readers. */
export function Named(props: {
  role: 'img' | 'group';
  label: string;
  class?: string | undefined;
  children: ComponentChildren;
}) {
  return (
    <g role={props.role} aria-label={props.label} class={props.class}>
      {props.children}
    </g>
  );
}
