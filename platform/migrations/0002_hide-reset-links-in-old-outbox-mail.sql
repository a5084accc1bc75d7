-- Mail kept in the outbox before secrets were redacted on sending (ADR 009) could still hold a
-- password-reset link. The outbox adapter rewrote such mail on every start; once is enough,
-- since everything it keeps now has its secrets hidden before it is stored.

-- Up Migration

UPDATE mail_outbox
   SET mail = jsonb_set(mail, '{text}', to_jsonb(regexp_replace(mail->>'text', 'https?://\S*/reset-password/\S+', '[hidden: only the recipient can see this]', 'g')))
 WHERE mail->>'text' ~ '/reset-password/[^\s]+';
