import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { clinic } from '../../../shared/clinic';
import { LogoMark } from '../../components/brand/logo-mark';
import { DocumentHead } from '../../components/document-head/document-head';

/** The signed-out pages' frame: the clinic's mark, the page's title, its content, and a way back to the website. */
export function SignInCard({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="login">
      <main id="main" className="login__main">
        <div className="login__card">
          <Link to="/" className="login__brand">
            <LogoMark size={36} />
            <span>{clinic.name}</span>
          </Link>
          <h1 id={titleId} className="login__title">
            {title}
          </h1>
          {children}
        </div>
        <p className="login__back">
          <Link to="/">Back to the website</Link>
        </p>
      </main>
      <DocumentHead />
    </div>
  );
}
