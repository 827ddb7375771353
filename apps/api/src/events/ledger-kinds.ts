import type { DomainModule } from '../http/module.ts';
import { DOMAIN_MODULES } from '../modules.ts';
import { FACTS_OF, GAME_FACTS, type LedgerKind } from './money-facts.ts';

/** A declared kind with the domain that declares it. */
export type DeclaredKind = LedgerKind & { domain: string };

/**
 * Every journal entry kind the modules declare (`ledgerKinds`), keyed by kind. A kind declared twice,
 * or a game's kind (stake, return, win) without its product, fails at start-up.
 */
export function collectLedgerKinds(modules: readonly Pick<DomainModule, 'name' | 'ledgerKinds'>[]) {
  const kinds = new Map<string, DeclaredKind>();
  for (const module of modules) {
    for (const [kind, declared] of Object.entries(module.ledgerKinds ?? {})) {
      const before = kinds.get(kind);
      if (before) throw new Error(`journal kind ${kind} declared by ${before.domain} and ${module.name}`);
      if (FACTS_OF[declared.means].some((t) => GAME_FACTS.has(t)) && !declared.product) {
        throw new Error(`journal kind ${kind} (${module.name}) means a game's money: declare its product`);
      }
      kinds.set(kind, { ...declared, domain: module.name });
    }
  }
  return kinds as ReadonlyMap<string, DeclaredKind>;
}

/** The platform's journal entry kinds, from the module list. */
export const LEDGER_KINDS: ReadonlyMap<string, DeclaredKind> = collectLedgerKinds(DOMAIN_MODULES);
