import { useState } from "react";
import { Button, Dialog, DialogBody, DialogFooter, Icon, Intent, Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { toastError, toastSuccess, validationFields } from "../../../web/src/ui/index.ts";
import { type Invoice, type PaymentAnswer, type Subscription, useCheckoutMutation, useGetSubscriptionQuery } from "./billing-api.ts";
import { type CheckoutErrors, type CheckoutValues, initialValues, STEPS, type Step, stepOf, toPayload, validate } from "./checkout-form.ts";
import { CustomizeStep, DataStep, ReviewStep, type StepProps } from "./checkout-steps.tsx";
import { PaymentScreen } from "./payment-screen.tsx";

const STEP_VIEWS = [DataStep, CustomizeStep, ReviewStep] as const;

/** The steps as a row of numbered labels, the current one highlighted. */
function StepHeader({ step }: { step: Step }) {
  const { t } = useTranslation("billing");
  return (
    <ol className="billing-steps" style={{ display: "flex", gap: 16, listStyle: "none", padding: 0, margin: "0 0 16px" }} aria-label={t("checkout.title")}>
      {STEPS.map((name, i) => (
        <li
          key={name}
          aria-current={i === step ? "step" : undefined}
          style={{ display: "flex", alignItems: "center", gap: 6, fontWeight: i === step ? 600 : 400, opacity: i > step ? 0.6 : 1 }}
        >
          <Icon icon={i < step ? "tick-circle" : "circle"} intent={i <= step ? Intent.PRIMARY : Intent.NONE} />
          {t(`checkout.steps.${name}`)}
        </li>
      ))}
    </ol>
  );
}

/**
 * 'Falta pouco!' (spec 001 §2, §4): Dados, Personalizar, Revisar, then PAGAR moves to the
 * payment screen. It opens on Personalizar (step 1, the spec's start) when the company's
 * document is known, else on Dados; VOLTAR goes back. A refused field sends the person to
 * its step with the spec's message.
 */
export function CheckoutDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation("billing");
  const { currentData, isError } = useGetSubscriptionQuery();
  if (!currentData && !isError)
    return (
      <Dialog isOpen onClose={onClose} title={t("checkout.title")} icon="credit-card" style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}>
        <DialogBody>
          <Spinner size={32} />
        </DialogBody>
      </Dialog>
    );
  return <CheckoutFlow invoice={invoice} subscription={currentData} onClose={onClose} />;
}

function CheckoutFlow({ invoice, subscription, onClose }: { invoice: Invoice; subscription: Subscription | undefined; onClose: () => void }) {
  const { t } = useTranslation("billing");
  const { user } = useSession();
  const [values, setValues] = useState<CheckoutValues>(() => initialValues(user?.name ?? "", subscription, invoice));
  const [step, setStep] = useState<Step>(() => (validate(initialValues(user?.name ?? "", subscription, invoice)).zipcode ? 0 : 1));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [payment, setPayment] = useState<PaymentAnswer | null>(null);
  const [checkout, { isLoading }] = useCheckoutMutation();

  const set: StepProps["set"] = (key, value) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const showErrors = (found: CheckoutErrors) => {
    setErrors(found);
    const first = Object.keys(found)[0] as keyof CheckoutValues | undefined;
    if (first) setStep(stepOf(first));
  };
  const next = () => {
    const found = validate(values);
    const here = Object.fromEntries(Object.entries(found).filter(([k]) => stepOf(k as keyof CheckoutValues) === step));
    if (Object.keys(here).length) return setErrors(here);
    setStep((s) => Math.min(2, s + 1) as Step);
  };
  const pay = async () => {
    const found = validate(values);
    if (Object.keys(found).length) return showErrors(found);
    try {
      const answer = await checkout(toPayload(values, invoice)).unwrap();
      setPayment(answer);
      toastSuccess(t("checkout.success"));
    } catch (err) {
      const fields = validationFields(err);
      if (fields) {
        const mapped: CheckoutErrors = {};
        for (const [k, message] of Object.entries(fields)) if (k in values) mapped[k as keyof CheckoutValues] = message;
        if (Object.keys(mapped).length) return showErrors(mapped);
      }
      toastError(err);
    }
  };

  const View = STEP_VIEWS[step];
  return (
    <Dialog isOpen onClose={isLoading ? undefined : onClose} title={t("checkout.title")} icon="credit-card" style={{ width: 560, maxWidth: "calc(100vw - 32px)" }}>
      <DialogBody>
        {payment ? (
          <PaymentScreen payment={payment} />
        ) : (
          <>
            <StepHeader step={step} />
            <View values={values} errors={errors} set={set} invoice={invoice} subscription={subscription} />
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          payment ? (
            <Button text={t("checkout.close")} onClick={onClose} />
          ) : (
            <>
              {step > 0 ? <Button text={t("checkout.back")} variant="minimal" onClick={() => setStep((s) => (s - 1) as Step)} disabled={isLoading} /> : null}
              {step < 2 ? (
                <Button intent={Intent.PRIMARY} text={t("checkout.next")} onClick={next} />
              ) : (
                <Button intent={Intent.SUCCESS} text={t("checkout.pay")} loading={isLoading} onClick={() => void pay()} />
              )}
            </>
          )
        }
      />
    </Dialog>
  );
}
