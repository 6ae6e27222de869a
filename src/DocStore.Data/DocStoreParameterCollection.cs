using System.Collections;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace DocStore.Data;

/// <summary>The parameters of a <see cref="DocStoreCommand"/>: named ones, and unnamed ones bound to <c>?</c> in order.</summary>
[SuppressMessage("Design", "CA1010:Generic interface should also be implemented", Justification = "The collection shape is DbParameterCollection's.")]
public sealed class DocStoreParameterCollection : DbParameterCollection
{
    private readonly List<DocStoreParameter> _items = [];

    /// <summary>The number of parameters.</summary>
    public override int Count => _items.Count;

    /// <summary>An object to lock on.</summary>
    public override object SyncRoot => ((ICollection)_items).SyncRoot;

    /// <summary>The parameter at <paramref name="index"/>.</summary>
    /// <param name="index">The position.</param>
    /// <returns>The parameter.</returns>
    public new DocStoreParameter this[int index]
    {
        get => _items[index];
        set => _items[index] = value;
    }

    /// <summary>The parameter named <paramref name="parameterName"/>.</summary>
    /// <param name="parameterName">The name, with or without its sigil.</param>
    /// <returns>The parameter.</returns>
    public new DocStoreParameter this[string parameterName]
    {
        get => _items[IndexOrThrow(parameterName)];
        set => _items[IndexOrThrow(parameterName)] = value;
    }

    /// <summary>Adds a named parameter.</summary>
    /// <param name="parameterName">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>The parameter added.</returns>
    public DocStoreParameter AddWithValue(string? parameterName, object? value)
    {
        var parameter = new DocStoreParameter(parameterName, value);
        _items.Add(parameter);
        return parameter;
    }

    /// <summary>Adds a parameter.</summary>
    /// <param name="value">A <see cref="DocStoreParameter"/>.</param>
    /// <returns>Its position.</returns>
    public override int Add(object value)
    {
        _items.Add(Cast(value));
        return _items.Count - 1;
    }

    /// <summary>Adds parameters.</summary>
    /// <param name="values">The <see cref="DocStoreParameter"/>s.</param>
    public override void AddRange(Array values)
    {
        ArgumentNullException.ThrowIfNull(values);
        foreach (var value in values)
        {
            Add(value!);
        }
    }

    /// <summary>Removes every parameter.</summary>
    public override void Clear() => _items.Clear();

    /// <summary>True when the collection holds <paramref name="value"/>.</summary>
    /// <param name="value">The parameter.</param>
    /// <returns>True when present.</returns>
    public override bool Contains(object value) => value is DocStoreParameter p && _items.Contains(p);

    /// <summary>True when a parameter has the name.</summary>
    /// <param name="value">The name.</param>
    /// <returns>True when present.</returns>
    public override bool Contains(string value) => IndexOf(value) >= 0;

    /// <summary>Copies the parameters into <paramref name="array"/>.</summary>
    /// <param name="array">The destination.</param>
    /// <param name="index">Where to start.</param>
    public override void CopyTo(Array array, int index) => ((ICollection)_items).CopyTo(array, index);

    /// <summary>Enumerates the parameters.</summary>
    /// <returns>The enumerator.</returns>
    public override IEnumerator GetEnumerator() => _items.GetEnumerator();

    /// <summary>The position of <paramref name="value"/>, or -1.</summary>
    /// <param name="value">The parameter.</param>
    /// <returns>The position.</returns>
    public override int IndexOf(object value) => value is DocStoreParameter p ? _items.IndexOf(p) : -1;

    /// <summary>The position of the parameter named <paramref name="parameterName"/> (sigils ignored; exact, then ignoring case), or -1.</summary>
    /// <param name="parameterName">The name.</param>
    /// <returns>The position.</returns>
    public override int IndexOf(string parameterName)
    {
        var name = Bare(parameterName);
        var index = _items.FindIndex(p => Bare(p.ParameterName) == name);
        return index >= 0 ? index : _items.FindIndex(p => string.Equals(Bare(p.ParameterName), name, StringComparison.OrdinalIgnoreCase));
    }

    /// <summary>Inserts a parameter.</summary>
    /// <param name="index">The position.</param>
    /// <param name="value">The parameter.</param>
    public override void Insert(int index, object value) => _items.Insert(index, Cast(value));

    /// <summary>Removes a parameter.</summary>
    /// <param name="value">The parameter.</param>
    public override void Remove(object value) => _items.Remove(Cast(value));

    /// <summary>Removes the parameter at <paramref name="index"/>.</summary>
    /// <param name="index">The position.</param>
    public override void RemoveAt(int index) => _items.RemoveAt(index);

    /// <summary>Removes the parameter named <paramref name="parameterName"/>.</summary>
    /// <param name="parameterName">The name.</param>
    public override void RemoveAt(string parameterName) => _items.RemoveAt(IndexOrThrow(parameterName));

    /// <summary>The values as the SQL engine takes them.</summary>
    internal SqlParameters ToSqlParameters()
    {
        var result = new SqlParameters();
        foreach (var parameter in _items)
        {
            var name = parameter.ParameterName;
            var value = BsonClr.ToBson(parameter.Value, name.Length == 0 ? "?" : name);
            if (Bare(name).Length == 0)
            {
                result.Add(value);
            }
            else
            {
                result.Add(name, value);
            }
        }

        return result;
    }

    /// <inheritdoc/>
    protected override DbParameter GetParameter(int index) => _items[index];

    /// <inheritdoc/>
    protected override DbParameter GetParameter(string parameterName) => this[parameterName];

    /// <inheritdoc/>
    protected override void SetParameter(int index, DbParameter value) => _items[index] = Cast(value);

    /// <inheritdoc/>
    protected override void SetParameter(string parameterName, DbParameter value) => _items[IndexOrThrow(parameterName)] = Cast(value);

    private static string Bare(string name) => name.Length > 0 && name[0] is '@' or '$' or ':' ? name[1..] : name;

    private static DocStoreParameter Cast(object value) => value as DocStoreParameter
        ?? throw new ArgumentException($"Expected a DocStoreParameter, got {value?.GetType().Name ?? "null"}.", nameof(value));

    [SuppressMessage("Usage", "CA2201:Do not raise reserved exception types", Justification = "ADO.NET parameter collections throw IndexOutOfRangeException for an unknown name.")]
    private int IndexOrThrow(string parameterName)
    {
        var index = IndexOf(parameterName);
        return index >= 0 ? index : throw new IndexOutOfRangeException($"The command has no parameter named '{parameterName}'.");
    }
}
