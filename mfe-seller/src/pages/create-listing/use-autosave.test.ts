import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { useAutosave } from './use-autosave';

describe('useAutosave', () => {
  it('hands every change of the form to the draft, and stops when the step unmounts', () => {
    const saved: { title: string }[] = [];
    const onChange = (values: { title: string }) => saved.push(values);
    const { result, unmount } = renderHook(() => {
      const form = useForm<{ title: string }>({ defaultValues: { title: '' } });
      useAutosave(form, onChange);
      return form;
    });

    act(() => result.current.setValue('title', 'Clean Civic'));
    expect(saved.at(-1)).toEqual({ title: 'Clean Civic' });

    unmount();
    const count = saved.length;
    act(() => result.current.setValue('title', 'after'));
    expect(saved).toHaveLength(count);
  });
});
