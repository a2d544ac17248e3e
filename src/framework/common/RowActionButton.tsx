import { IconButton, Tooltip } from '@mui/material';
import type { MouseEvent, ReactElement } from 'react';

export type RowActionButtonProps = {
  /** Spanish label: the tooltip and the accessible name. */
  label: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'default' | 'primary' | 'error' | 'success' | 'warning';
  disabled?: boolean;
};

/** A compact icon button for a table row, with a tooltip; its click does not trigger the row's. */
export function RowActionButton({ label, icon, onClick, color = 'default', disabled }: RowActionButtonProps) {
  const handleClick = (event: MouseEvent) => {
    event.stopPropagation();
    onClick();
  };
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} size="small" color={color} onClick={handleClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
