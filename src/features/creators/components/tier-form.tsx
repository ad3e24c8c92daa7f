import { useState, type FormEvent } from 'react';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { CREATOR_LIMITS, CURRENCIES, parsePriceText, tierProblem } from '#domain/creators.ts';
import { useCreateTier, type Currency } from '../api/creators.ts';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }));

/** Offer a new tier: a name, a monthly price and what subscribers get. */
export function TierForm() {
  const create = useCreateTier();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState<Currency>('usd');
  const [benefits, setBenefits] = useState('');
  const [problem, setProblem] = useState<{ detail: string; field: string } | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const cents = parsePriceText(price);
    const found =
      cents === null
        ? { detail: 'Enter the monthly price, such as 4.99.', field: 'price_cents' }
        : tierProblem({ name, price_cents: cents, currency, benefits });
    setProblem(found);
    if (found || cents === null) return;
    create.mutate(
      { name: name.trim(), price_cents: cents, currency, benefits: benefits.trim() },
      {
        onSuccess: () => {
          setName('');
          setPrice('');
          setBenefits('');
        },
      },
    );
  };
  const fieldError = (field: string) => (problem?.field === field ? problem.detail : undefined);
  return (
    <form className="creators-form card" aria-label="Add a tier" onSubmit={onSubmit} noValidate>
      <TextInput
        label="Tier name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={CREATOR_LIMITS.tierNameMax}
        error={fieldError('name')}
      />
      <TextInput
        label="Monthly price"
        hint={`From ${CREATOR_LIMITS.priceMin / 100} to ${CREATOR_LIMITS.priceMax / 100}.`}
        inputMode="decimal"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        maxLength={10}
        error={fieldError('price_cents')}
      />
      <Select label="Currency" value={currency} onChange={(v) => setCurrency(v)} options={CURRENCY_OPTIONS} />
      <TextArea
        label="Benefits"
        hint="What subscribers get: plans, challenges, stories."
        value={benefits}
        onChange={(e) => setBenefits(e.target.value)}
        maxLength={CREATOR_LIMITS.benefitsMax}
        rows={3}
        error={fieldError('benefits')}
      />
      <FormFooter submitLabel="Add the tier" pendingLabel="Adding…" pending={create.isPending} error={create.error?.message ?? null} />
    </form>
  );
}
