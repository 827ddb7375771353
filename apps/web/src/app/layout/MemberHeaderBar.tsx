import { LanguageMenuItems } from '../../features/language/components/LanguageMenuItems.tsx';
import { LoggedInBar } from '../../features/member/components/LoggedInBar.tsx';
import { ThemeMenuItem } from '../../features/theme/components/ThemeMenuItem.tsx';

/**
 * The logged-in header bar with the header tools (language, theme) in its member menu. Composed
 * here, in the app layer, because features do not import each other; loaded lazily by the header
 * so visitors download none of it.
 */
export function MemberHeaderBar({
  currencySymbol,
  manualRebate,
  brandCodes,
}: {
  currencySymbol: string;
  manualRebate: boolean;
  brandCodes?: readonly string[];
}) {
  return (
    <LoggedInBar
      currencySymbol={currencySymbol}
      manualRebate={manualRebate}
      menuExtras={
        <>
          <LanguageMenuItems brandCodes={brandCodes} />
          <ThemeMenuItem />
        </>
      }
    />
  );
}
