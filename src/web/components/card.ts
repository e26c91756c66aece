// The card surface, `.tw-card` and its modifiers, and the state card of empty and failed panels (card.css): classes
// rather than a component, because a card is a section, an article, a list item or a button. A module that uses them
// imports this one before registering its own sheet, so its rules come after the card's and may add to them.
import cardCss from 'bundle-text:./card.css';
import { registerStyles } from '../style-sheets';

registerStyles(cardCss);
