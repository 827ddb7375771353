import type { ReactNode } from 'react';
import { SparkleIcon } from './icons.tsx';

export function EmptyState({
  title,
  children,
  icon = <SparkleIcon />,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="empty-state" role="status">
      <span className="empty-state__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__body">{children}</div> : null}
    </div>
  );
}
