import { useState } from 'react';
import { allergyTypes } from './allergy-types';

interface AllergyTypeTabsProps {
  /** Level of the heading inside an open panel: one below the heading of the section holding the tabs. */
  headingLevel?: 2 | 3 | 4;
  /**
   * Prefix of the element ids (fixed rather than useId, so the server and browser trees need not match
   * exactly). Only needed if a page shows the selector twice.
   */
  idPrefix?: string;
}

/**
 * The seven allergy types as a row of toggle buttons (a disclosure group, not an ARIA tablist, since
 * nothing is selected at first). Clicking a type shows its text; clicking it again closes it.
 */
export function AllergyTypeTabs({ headingLevel = 3, idPrefix = 'allergy-type' }: AllergyTypeTabsProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = idPrefix;
  const Heading = `h${headingLevel}` as const;

  return (
    <div className="allergy-tabs">
      <ul className="allergy-tabs__list" aria-label="Allergy types">
        {allergyTypes.map((type) => {
          const open = openId === type.id;
          return (
            <li key={type.id}>
              <button
                type="button"
                className="allergy-tabs__tab"
                id={`${baseId}-tab-${type.id}`}
                aria-expanded={open}
                aria-controls={`${baseId}-panel-${type.id}`}
                onClick={() => setOpenId(open ? null : type.id)}
              >
                <img
                  className="allergy-tabs__icon"
                  src={`/images/allergy/${type.id}.svg`}
                  alt=""
                  width={32}
                  height={32}
                  loading="lazy"
                />
                {type.name}
              </button>
            </li>
          );
        })}
      </ul>
      {allergyTypes.map((type) => (
        <section
          key={type.id}
          id={`${baseId}-panel-${type.id}`}
          className="allergy-tabs__panel"
          aria-labelledby={`${baseId}-heading-${type.id}`}
          hidden={openId !== type.id}
        >
          <Heading id={`${baseId}-heading-${type.id}`} className="allergy-tabs__heading">
            {type.heading ?? type.name}
          </Heading>
          <p className="allergy-tabs__summary">{type.summary}</p>
          {type.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
