using System;
using System.Collections;
using System.Collections.Generic;

namespace DocStore.Generators.Model;

/// <summary>
/// An immutable array with value equality, so that models holding lists compare by content and the
/// incremental pipeline can tell an unchanged model from a changed one.
/// </summary>
internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IEnumerable<T>
    where T : IEquatable<T>
{
    private readonly T[]? _items;

    public EquatableArray(IEnumerable<T> items) => _items = items is null ? null : new List<T>(items).ToArray();

    public static EquatableArray<T> Empty => default;

    public int Length => _items?.Length ?? 0;

    public T this[int index] => _items![index];

    public bool Equals(EquatableArray<T> other)
    {
        int length = Length;
        if (length != other.Length)
        {
            return false;
        }

        for (int i = 0; i < length; i++)
        {
            if (!EqualityComparer<T>.Default.Equals(_items![i], other._items![i]))
            {
                return false;
            }
        }

        return true;
    }

    public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

    public override int GetHashCode()
    {
        int hash = 17;
        foreach (T item in this)
        {
            hash = unchecked((hash * 31) + (item?.GetHashCode() ?? 0));
        }

        return hash;
    }

    public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)(_items ?? Array.Empty<T>())).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    public static bool operator ==(EquatableArray<T> left, EquatableArray<T> right) => left.Equals(right);

    public static bool operator !=(EquatableArray<T> left, EquatableArray<T> right) => !left.Equals(right);
}

/// <summary>Construction helpers for <see cref="EquatableArray{T}"/>.</summary>
internal static class EquatableArray
{
    public static EquatableArray<T> ToEquatableArray<T>(this IEnumerable<T> items)
        where T : IEquatable<T> => new(items);
}
