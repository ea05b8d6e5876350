/**
 * Out of sight, still read by assistive technology. Put it on a block that wraps the content: a table
 * never shrinks below its content's width, so on the table itself it would still widen the page.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
