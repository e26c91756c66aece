// The QR screen's learn-more panel (docs/product.md §2): what the personal QR code is for — secure entry, gift tickets, ticket
// add-ons — a note, and the help-centre link. Open or closed is the qr machine's `learnMore` region.
import type { ReactElement } from 'react';
import { Button } from '../components/button';
import '../components/card';
import { FullScreenPanel } from '../components/full-screen-panel';
import { Icon } from '../components/icons';
import { t } from '../i18n';
import qrLearnMoreCss from 'bundle-text:./qr-learn-more.css';
import { registerStyles } from '../style-sheets';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

registerStyles(qrLearnMoreCss);

const benefits: Array<{ icon: string; title: string; text: string }> = [
  { icon: iconPath('shield'), title: 'qr.benefit_entry_title', text: 'qr.benefit_entry_text' },
  { icon: iconPath('gift'), title: 'qr.benefit_gift_title', text: 'qr.benefit_gift_text' },
  { icon: iconPath('sparkle'), title: 'qr.benefit_addons_title', text: 'qr.benefit_addons_text' },
];

/**
 * `graceSeconds`: how long the gate still takes the code just replaced (one rotation, the server's QR_TTL_MS); the
 * note says so rather than "only the latest code works". Null until the settings loaded.
 */
export function QrLearnMore({ helpUrl, graceSeconds = null, onClose }: { helpUrl: string; graceSeconds?: number | null; onClose: () => void }): ReactElement {
  return (
    <FullScreenPanel className="tw-learn-more" title={t('qr.learn_more_title')} closeLabel={t('qr.learn_more_close')} onClose={onClose}>
      <p className="tw-subtitle">{t('qr.learn_more_intro')}</p>
      <ul className="tw-benefit-list">
        {benefits.map((benefit) => (
          <li key={benefit.icon} className="tw-card tw-card--compact tw-benefit-list__item">
            <span className="tw-icon-tile" aria-hidden="true">
              <Icon path={benefit.icon} size={22} />
            </span>
            <div>
              <h3 className="tw-benefit-list__title">{t(benefit.title)}</h3>
              <p className="tw-benefit-list__text">{t(benefit.text)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="tw-learn-more__note">
        <Icon path={iconPath('info')} size={18} />
        <span>{graceSeconds !== null ? t('qr.learn_more_note', { seconds: graceSeconds }) : t('qr.learn_more_note_unknown')}</span>
      </p>
      <p className="tw-learn-more__help">
        {t('qr.help_question')}{' '}
        <a href={helpUrl} target="_blank" rel="noopener">
          {t('qr.help_link')}
          <Icon path={iconPath('external')} size={14} />
          <span className="tw-sr-only">{t('common.opens_new_tab')}</span>
        </a>
      </p>
      <Button block onClick={onClose}>
        {t('qr.learn_more_done')}
      </Button>
    </FullScreenPanel>
  );
}
