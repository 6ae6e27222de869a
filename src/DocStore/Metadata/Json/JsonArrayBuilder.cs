using System.Buffers;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace DocStore.Metadata;

/// <summary>
/// Collects the elements of a JSON array whose length is unknown until its end, for generated
/// <see cref="IJsonDocumentSerializer{T}"/> code: the first eight live inside the builder (on the caller's
/// stack), longer arrays in a pooled buffer, so reading an array allocates its result alone, of its exact size.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
/// <typeparam name="T">The element type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public struct JsonArrayBuilder<T>
{
    private InlineElements _inline;
    private T[]? _spilled;
    private int _count;

    /// <summary>Appends an element.</summary>
    /// <param name="item">The element.</param>
    public void Add(T item)
    {
        if (_spilled is null && _count < InlineElements.Length)
        {
            _inline[_count++] = item;
            return;
        }

        if (_spilled is null || _count == _spilled.Length)
        {
            Grow();
        }

        _spilled![_count++] = item;
    }

    /// <summary>The elements as an array of their count (the empty array for none); the builder is then empty.</summary>
    /// <returns>The array.</returns>
    public T[] ToArray()
    {
        var array = _count == 0 ? [] : Elements().ToArray();
        Release();
        return array;
    }

    /// <summary>The elements as a list whose capacity is their count; the builder is then empty.</summary>
    /// <returns>The list.</returns>
    public List<T> ToList()
    {
        var list = new List<T>(_count);
        list.AddRange(Elements());
        Release();
        return list;
    }

    [UnscopedRef]
    private ReadOnlySpan<T> Elements() => _spilled is null ? ((ReadOnlySpan<T>)_inline)[.._count] : _spilled.AsSpan(0, _count);

    private void Grow()
    {
        var larger = ArrayPool<T>.Shared.Rent(Math.Max(InlineElements.Length * 2, _count * 2));
        Elements().CopyTo(larger);
        if (_spilled is not null)
        {
            ArrayPool<T>.Shared.Return(_spilled, RuntimeHelpers.IsReferenceOrContainsReferences<T>());
        }
        else
        {
            ((Span<T>)_inline).Clear();
        }

        _spilled = larger;
    }

    private void Release()
    {
        if (_spilled is not null)
        {
            // Cleared so the pool keeps no document's elements alive.
            ArrayPool<T>.Shared.Return(_spilled, RuntimeHelpers.IsReferenceOrContainsReferences<T>());
            _spilled = null;
        }

        _count = 0;
    }

    [InlineArray(Length)]
    private struct InlineElements
    {
        public const int Length = 8;

        private T _element;
    }
}
