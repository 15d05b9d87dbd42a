-- Money is exact (decision 071): the quote's amount and the figures mailed with it become numeric,
-- read and written as decimal strings. Existing rows convert in place: the amount was an integer,
-- the rate and the received amount decimal text (a rate may have been written as '1e-7', which
-- numeric reads exactly), and the fee text such as '4%' or '1.1%' becomes its number of percent.
ALTER TABLE exchange_requests
  ALTER COLUMN amount TYPE numeric USING amount::numeric,
  ALTER COLUMN quoted_rate TYPE numeric USING quoted_rate::numeric,
  ALTER COLUMN quoted_fee_percent TYPE numeric
    USING NULLIF(replace(quoted_fee_percent, '%', ''), '')::numeric,
  ALTER COLUMN quoted_amount TYPE numeric USING quoted_amount::numeric,
  ADD CONSTRAINT exchange_requests_amount_whole CHECK (amount = trunc(amount)),
  ADD CONSTRAINT exchange_requests_figures_positive
    CHECK (quoted_rate > 0 AND quoted_fee_percent > 0 AND quoted_amount >= 0);

COMMENT ON COLUMN exchange_requests.amount IS 'Whole units of from_currency';
COMMENT ON COLUMN exchange_requests.quoted_rate IS 'The candle close: price of one to_currency in from_currency';
COMMENT ON COLUMN exchange_requests.quoted_fee_percent IS 'The fee in percent (4 or 1.1)';
COMMENT ON COLUMN exchange_requests.quoted_amount IS 'The amount received, rounded for to_currency';
