/**
 * The inspector's views beyond a step's message: a translation's two sides, the HTTP exchange, a message the learner
 * edited. Step 1 needs none of them (it has no translation, its HTTP tab is a click away, nothing is edited before a
 * gate), so they are one chunk the inspector fetches once step 1 is on screen (inspector.tsx), not part of the first page.
 */
export { EditedMessageView } from '../edit/edited-message-view.tsx';
export { HttpView } from './http-view.tsx';
export { TranslationView } from './translation-view.tsx';
