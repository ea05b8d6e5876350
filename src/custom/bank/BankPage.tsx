import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CanAccess, Confirm, Title, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { DOMAIN_NAMES } from '../../../shared/catalogue/domains';
import { messages } from '../../../shared/catalogue/messages';
import { categoryImageFields } from '../../../shared/entities/categoryImages';
import type { CategoryImageRecord } from '../../providers/consoleCalls';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { isStale, versionOf } from '../../providers/versions';
import { useIsSmallScreen } from '../components/useIsSmallScreen';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { AddCategoryImageModal } from './AddCategoryImageModal';

/** 'Tous' means every domain. */
export const ALL_DOMAINS = 'Tous';
export const DELETE_IMAGE_CONFIRM = 'Voulez-vous vraiment supprimer cette image ?';

/** A bank of thousands would otherwise put thousands of pictures on the page at once; 48 fills whole rows of 2, 3 or 4 columns. */
export const IMAGES_PER_STEP = 48;

const useGridColumns = (): number => {
  const phone = useIsSmallScreen();
  const tablet = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return phone ? 2 : tablet ? 3 : 4;
};

export const BankPage = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const columns = useGridColumns();
  const { canAccess: canDelete } = useCanAccess({ resource: 'category_image', action: 'delete' });
  const [domain, setDomain] = useState<string>(ALL_DOMAINS);
  const [shown, setShown] = useState(IMAGES_PER_STEP);
  const [toDelete, setToDelete] = useState<CategoryImageRecord | null>(null);
  const queryKey = ['category_images', domain];
  const {
    data: images = [],
    error,
    isPending,
  } = useQuery({
    queryKey,
    queryFn: () => dataProvider.searchCategoryImages(domain === ALL_DOMAINS ? undefined : domain),
    // A failure is shown at once rather than after react-query's retries.
    retry: false,
  });

  useEffect(() => {
    if (error) notify(failureMessage(error), { type: 'error' });
  }, [error, notify]);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['category_images'] });

  // The confirmation stays open, loading, until the list has reloaded or the deletion failed.
  const remove = useNotifyingMutation((image: CategoryImageRecord) => dataProvider.deleteCategoryImage(image.id, versionOf(image)), {
    success: messages.success.categoryImageDeleted,
    fallback: messages.failure.deleteCategoryImage,
    onSuccess: async () => {
      await reload();
      setToDelete(null);
    },
    onError: (error) => {
      setToDelete(null);
      // The image changed since the Bank was read: it was not deleted; the Bank shows it as it is now.
      if (isStale(error)) void reload();
    },
  });

  const confirmDelete = () => {
    if (toDelete) remove.mutate(toDelete);
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Bank" />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
          <TextField
            select
            label={categoryImageFields.fields.activity_domain.label}
            value={domain}
            onChange={(event) => {
              setDomain(event.target.value);
              setShown(IMAGES_PER_STEP);
            }}
            sx={{ flex: '0 1 360px', minWidth: 0 }}
          >
            {[ALL_DOMAINS, ...DOMAIN_NAMES].map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <CanAccess resource="category_image" action="create">
            <AddCategoryImageModal onCreated={reload} />
          </CanAccess>
        </Stack>
        {!isPending && images.length === 0 && <Typography color="text.secondary">{messages.empty.data}</Typography>}
        <ImageList cols={columns} gap={12} aria-label={categoryImageFields.plural}>
          {images.slice(0, shown).map((image) => (
            <ImageListItem key={image.id}>
              {/* The bar below names the image's domain: the picture itself says nothing more. */}
              <Box component="img" src={image.image_url} alt="" loading="lazy" sx={{ width: '100%', height: 160, objectFit: 'cover' }} />
              <ImageListItemBar
                title={image.activity_domain}
                actionIcon={
                  canDelete && (
                    <IconButton aria-label={`Delete image of ${image.activity_domain}`} onClick={() => setToDelete(image)} sx={{ color: 'white' }}>
                      <DeleteIcon />
                    </IconButton>
                  )
                }
              />
            </ImageListItem>
          ))}
        </ImageList>
        {images.length > shown && (
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="center" sx={{ mt: 2 }}>
            <Typography color="text.secondary" role="status">
              {`${shown} of ${images.length} images`}
            </Typography>
            <Button variant="outlined" onClick={() => setShown((count) => count + IMAGES_PER_STEP)}>
              Show more
            </Button>
          </Stack>
        )}
      </CardContent>
      <Confirm
        isOpen={toDelete !== null}
        loading={remove.isPending}
        title={DELETE_IMAGE_CONFIRM}
        content=""
        confirm="Supprimer"
        cancel="Annuler"
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
};
