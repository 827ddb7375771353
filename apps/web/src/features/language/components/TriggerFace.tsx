import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { flagEmoji } from '../../../lib/format.ts';

export function TriggerFace({ code, flag }: { code: string; flag: string }) {
  return (
    <>
      <span className="language-picker__flag" aria-hidden="true">
        {flagEmoji(flag)}
      </span>
      <span className="language-picker__code" aria-hidden="true">
        {code}
      </span>
      <ChevronDownIcon />
    </>
  );
}
