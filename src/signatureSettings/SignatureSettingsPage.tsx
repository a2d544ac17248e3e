import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import type { EndpointInput } from '../dataProvider/callEndpoint';
import { formatDate } from '../format';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { useMenuLabel } from '../layout/useMenuLabel';
import { fileBase64 } from '../signer/validation/validationApi';

const TITLE = 'Configuración de firma';

type Payload = NonNullable<EndpointInput<'updateSignature'>['body']>;

/**
 * /user/signature: the signature image a user keeps and, for role 20 ("Firma Certificado
 * Digital"), the PKCS#12 certificate that signs their own documents besides the platform seal.
 */
export function SignatureSettingsPage() {
  const { identity } = useGetIdentity();
  const userId = Number(identity?.id ?? 0);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const title = useMenuLabel() ?? TITLE;
  useDocumentTitle(title);
  const [certificateFile, setCertificateFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const settings = useQuery({
    queryKey: ['signature-settings', userId],
    queryFn: () => dataProvider.callEndpoint('getUserSignature', { id: userId }),
    enabled: userId > 0,
  });

  const save = async (body: Payload) => {
    setSaving(true);
    try {
      const data = await dataProvider.callEndpoint('updateSignature', { id: userId, body });
      queryClient.setQueryData(['signature-settings', userId], data);
      notify('Configuración de firma guardada', { type: 'success' });
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Error del servidor', { type: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const uploadImage = async (file: File | undefined) => {
    if (!file) return;
    await save({ signature_image: { filename: file.name, content_base64: await fileBase64(file) } });
  };

  const uploadCertificate = async () => {
    if (!certificateFile || !password) return;
    const saved = await save({
      certificate: {
        filename: certificateFile.name,
        content_base64: await fileBase64(certificateFile),
        password,
      },
    });
    if (saved) {
      setCertificateFile(undefined);
      setPassword('');
    }
  };

  const data = settings.data;
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={title} />
      <Typography id="page-title" component="h1" variant="h4" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {!data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          {settings.isError ? (
            <Typography color="error">
              {settings.error instanceof Error ? settings.error.message : ''}
            </Typography>
          ) : (
            <CircularProgress aria-label="Cargando" />
          )}
        </Box>
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h2" variant="h6" gutterBottom>
              Imagen de firma
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              Se usa cuando la empresa firma automáticamente sus documentos. PNG, JPEG o WebP de hasta 2 MB.
            </Typography>
            {data.signature_image ? (
              <Box
                component="img"
                src={data.signature_image}
                alt="Su firma guardada"
                sx={{
                  maxWidth: 300,
                  maxHeight: 120,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1,
                }}
              />
            ) : (
              <Typography>Aún no ha guardado una firma.</Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button variant="contained" component="label" disabled={saving}>
                Subir imagen
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  hidden
                  aria-label="Imagen de firma"
                  onChange={(event) => {
                    void uploadImage(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </Button>
              {data.signature_image ? (
                <Button disabled={saving} onClick={() => void save({ remove_signature_image: true })}>
                  Quitar
                </Button>
              ) : null}
            </Stack>
          </Paper>
          {data.certificate_allowed ? (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography component="h2" variant="h6" gutterBottom>
                Certificado digital
              </Typography>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                Un certificado PKCS#12 (.p12 o .pfx) de una autoridad aceptada firma digitalmente sus propios
                documentos, además del sello de la plataforma. Se guarda cifrado.
              </Typography>
              {data.certificate ? (
                <Alert severity="success" sx={{ mb: 2 }}>
                  {data.certificate.subject}, emitido por {data.certificate.issuer}; vigente hasta{' '}
                  {formatDate(data.certificate.valid_until)}.
                </Alert>
              ) : (
                <Typography sx={{ mb: 2 }}>No tiene un certificado guardado.</Typography>
              )}
              <Stack spacing={2}>
                <Button
                  variant="outlined"
                  component="label"
                  disabled={saving}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {certificateFile ? certificateFile.name : 'Elegir certificado'}
                  <input
                    type="file"
                    accept=".p12,.pfx,application/x-pkcs12"
                    hidden
                    aria-label="Certificado PKCS#12"
                    onChange={(event) => setCertificateFile(event.target.files?.[0])}
                  />
                </Button>
                <TextField
                  label="Contraseña del certificado"
                  type="password"
                  autoComplete="off"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="contained"
                    disabled={saving || !certificateFile || !password}
                    onClick={() => void uploadCertificate()}
                  >
                    Guardar certificado
                  </Button>
                  {data.certificate ? (
                    <Button disabled={saving} onClick={() => void save({ remove_certificate: true })}>
                      Quitar certificado
                    </Button>
                  ) : null}
                </Stack>
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
