/**
 * Brings a section of my trips into view and moves the focus to its title, so that a keyboard or
 * screen-reader user lands where the eyes do.
 */
export function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const title = document.getElementById(`${id}-title`);
  if (!title) return;
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
}
