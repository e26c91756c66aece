// The QR screen's learn-more panel (docs/product.md §2): what the personal QR code is for — secure entry, gift tickets, ticket
// add-ons — a note, and the help-centre link. Open or closed is the qr machine's `learnMore` region. A chunk of its own
// (with its strings, `qr_info.*`, its styles and the full-screen panel), loaded after the first panel: the pass does not
// need it to show (issue 18, the first panel's budget).
import '../components/card';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { registerStyles } from '../style-sheets';
import type { ReactElement } from 'react';
import { FullScreenPanel } from '../components/full-screen-panel';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import qrLearnMoreCss from 'bundle-text:./qr-learn-more.css';
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings(['qr_info'])));
registerStyles(qrLearnMoreCss);

const benefits: Array<{ icon: string; title: string; text: string }> = [
  { icon: iconPath('shield'), title: 'qr_info.entry_title', text: 'qr_info.entry_text' },
  { icon: iconPath('gift'), title: 'qr_info.gift_title', text: 'qr_info.gift_text' },
  { icon: iconPath('sparkle'), title: 'qr_info.addons_title', text: 'qr_info.addons_text' },
];

/**
 * `graceSeconds`: how long the gate still takes the code just replaced (one rotation, the server's QR_TTL_MS); the
 * note says so rather than "only the latest code works". Null until the settings loaded.
 */
export default function QrLearnMore({ helpUrl, graceSeconds = null, onClose }: { helpUrl: string; graceSeconds?: number | null; onClose: () => void }): ReactElement {
  return (
    <FullScreenPanel className="tw-learn-more" title={i18n.t('qr_info.title')} closeLabel={i18n.t('qr_info.close')} onClose={onClose}>
      <p className="tw-subtitle">{i18n.t('qr_info.intro')}</p>
      <ul className="tw-benefit-list">
        {benefits.map((benefit) => (
          <li key={benefit.icon} className="tw-card tw-card--compact tw-benefit-list__item">
            <span className="tw-icon-tile" aria-hidden="true">
              <Icon path={benefit.icon} size={22} />
            </span>
            <div>
              <h3 className="tw-benefit-list__title">{i18n.t(benefit.title)}</h3>
              <p className="tw-benefit-list__text">{i18n.t(benefit.text)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="tw-learn-more__note">
        <Icon path={iconPath('info')} size={18} />
        <span>{graceSeconds !== null ? i18n.t('qr_info.note', { count: graceSeconds }) : i18n.t('qr_info.note_unknown')}</span>
      </p>
      <p className="tw-learn-more__help">
        {i18n.t('qr_info.help_question')}{' '}
        <a href={helpUrl} target="_blank" rel="noopener">
          {i18n.t('qr_info.help_link')}
          <Icon path={iconPath('external')} size={14} />
          <span className="tw-sr-only">{i18n.t('common.opens_new_tab')}</span>
        </a>
      </p>
      <Button block onClick={onClose}>
        {i18n.t('qr_info.done')}
      </Button>
    </FullScreenPanel>
  );
}
