/** The keyboard shortcuts, as data: the handler and the help overlay read the same list. */
export const SHORTCUTS = [
  { keys: ['→'], action: 'Next step (performs the next real message when you are at the end)' },
  { keys: ['←'], action: 'Back (replays an earlier step)' },
  { keys: ['Space'], action: 'Play or pause (on a focused button, checkbox, radio or tree toggle, Space presses that control instead)' },
  { keys: ['R'], action: 'Reset' },
  { keys: ['V'], action: 'Switch between the graph and the sequence diagram' },
  { keys: ['F'], action: 'Inspector full screen, or back to the split view' },
  { keys: ['P'], action: 'Presenter mode (large type)' },
  { keys: ['Enter'], action: 'Open the focused timeline row, or press the focused button (↑ and ↓ move between timeline rows)' },
  { keys: ['← →'], action: 'On a focused tab or radio (the era, the main view, the inspector’s views): move to the next one and choose it' },
  { keys: ['?'], action: 'Show these shortcuts' },
  { keys: ['Esc'], action: 'Close this overlay or the full-screen inspector' },
] as const;
