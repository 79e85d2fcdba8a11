import { useEffect, useLayoutEffect } from 'react';
import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom';
import { MenuList, type MenuPopupProps } from './menu-list';
import styles from './menu.module.css';

/** The gap kept between the menu and the window's edges, in CSS pixels. */
const EDGE = 8;

/**
 * The open menu on wider screens, placed by Floating UI: below the button and aligned to its
 * right edge (so it opens leftwards), above it when there is no room below, shifted sideways to
 * stay inside the window, no taller than the room there is (it scrolls then); it follows the
 * button while the page scrolls or resizes. A pointer pressed anywhere else closes it.
 */
export default function MenuDropdown({ id, label, items, trigger, onClose }: MenuPopupProps) {
  const { refs, elements, floatingStyles, isPositioned } = useFloating({
    strategy: 'fixed',
    placement: 'bottom-end',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: EDGE }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableHeight, elements: placed }) {
          placed.floating.style.maxHeight = `${Math.max(0, Math.floor(availableHeight))}px`;
        },
      }),
    ],
  });

  useLayoutEffect(() => {
    refs.setReference(trigger.current);
  }, [refs, trigger]);

  useEffect(() => {
    const menu = elements.floating;
    const closeOnOutsidePress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu?.contains(target) && !trigger.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [elements.floating, trigger, onClose]);

  return (
    <MenuList
      id={id}
      label={label}
      items={items}
      onClose={onClose}
      ready={isPositioned}
      className={styles.menu}
      onElement={refs.setFloating}
      // Hidden until placed, so it never shows at the window's corner first.
      style={isPositioned ? floatingStyles : { ...floatingStyles, visibility: 'hidden' }}
    />
  );
}
