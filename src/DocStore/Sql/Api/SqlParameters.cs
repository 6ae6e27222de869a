using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Sql.Execution;

namespace DocStore;

/// <summary>
/// Values for a statement's parameters, without reflection (NativeAOT-safe). Named parameters
/// (<c>@x</c>, <c>$x</c>, <c>:x</c> all bind to the name <c>x</c>; a name given with its sigil works
/// too) go in with <see cref="Add(string, BsonValue)"/> or the indexer; positional <c>?</c> parameters,
/// numbered 1, 2, 3, ... through the whole text, with <see cref="Add(BsonValue)"/> in order.
/// </summary>
public sealed class SqlParameters : ISqlParameterValues
{
    // Made on first use: a positional-only call (the usual prepared point query) allocates no dictionary.
    private Dictionary<string, BsonValue>? _named;
    private readonly List<BsonValue> _positional = [];

    /// <summary>How many named values there are.</summary>
    public int NamedCount => _named?.Count ?? 0;

    /// <summary>How many positional values there are.</summary>
    public int PositionalCount => _positional.Count;

    /// <summary>The value of a named parameter; setting replaces it.</summary>
    /// <param name="name">The name, with or without its sigil.</param>
    /// <returns>The value.</returns>
    /// <exception cref="KeyNotFoundException">Getting a name that has no value.</exception>
    public BsonValue this[string name]
    {
        get => (_named ?? [])[Normalize(name)];
        set => Named()[Normalize(name)] = value ?? BsonNull.Value;
    }

    /// <summary>Sets a named parameter (a C# null is SQL NULL).</summary>
    /// <param name="name">The name, with or without its sigil (<c>@</c>, <c>$</c>, <c>:</c>).</param>
    /// <param name="value">The value.</param>
    /// <returns>This object, for chaining.</returns>
    public SqlParameters Add(string name, BsonValue? value)
    {
        Named()[Normalize(name)] = value ?? BsonNull.Value;
        return this;
    }

    /// <summary>Sets a named text parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value; null is SQL NULL.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, string? value) => Add(name, (BsonValue?)value);

    /// <summary>Sets a named integer parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, int value) => Add(name, (BsonValue)value);

    /// <summary>Sets a named integer parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, long value) => Add(name, (BsonValue)value);

    /// <summary>Sets a named floating-point parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, double value) => Add(name, (BsonValue)value);

    /// <summary>Sets a named decimal parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, decimal value) => Add(name, (BsonValue)value);

    /// <summary>Sets a named boolean parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, bool value) => Add(name, (BsonValue)value);

    /// <summary>Sets a named date parameter, kept to the tick with its kind (as typed collections store DateTime).</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, DateTime value) => Add(name, DateValue(value));

    /// <summary>Sets a named Guid parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, Guid value) => Add(name, (BsonValue)value);

    /// <summary>Sets a named blob parameter.</summary>
    /// <param name="name">The name.</param>
    /// <param name="value">The value; null is SQL NULL.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string name, byte[]? value) => Add(name, (BsonValue?)value);

    /// <summary>Appends the value of the next positional <c>?</c> parameter (a C# null is SQL NULL).</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(BsonValue? value)
    {
        _positional.Add(value ?? BsonNull.Value);
        return this;
    }

    /// <summary>Appends a positional text value.</summary>
    /// <param name="value">The value; null is SQL NULL.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(string? value) => Add((BsonValue?)value);

    /// <summary>Appends a positional integer value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(int value) => Add((BsonValue)value);

    /// <summary>Appends a positional integer value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(long value) => Add((BsonValue)value);

    /// <summary>Appends a positional floating-point value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(double value) => Add((BsonValue)value);

    /// <summary>Appends a positional decimal value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(decimal value) => Add((BsonValue)value);

    /// <summary>Appends a positional boolean value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(bool value) => Add((BsonValue)value);

    /// <summary>Appends a positional date value (to the tick, with its kind).</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(DateTime value) => Add(DateValue(value));

    /// <summary>Appends a positional Guid value.</summary>
    /// <param name="value">The value.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(Guid value) => Add((BsonValue)value);

    /// <summary>Appends a positional blob value.</summary>
    /// <param name="value">The value; null is SQL NULL.</param>
    /// <returns>This object.</returns>
    public SqlParameters Add(byte[]? value) => Add((BsonValue?)value);

    /// <summary>Removes every value.</summary>
    public void Clear()
    {
        _named?.Clear();
        _positional.Clear();
    }

    /// <summary>The value of a named parameter, looked up exactly, then ignoring case when one name matches.</summary>
    internal bool TryGetNamed(string name, out BsonValue value)
    {
        if (_named is null)
        {
            value = BsonNull.Value;
            return false;
        }

        if (_named.TryGetValue(name, out value!))
        {
            return true;
        }

        var matches = _named.Where(p => string.Equals(p.Key, name, StringComparison.OrdinalIgnoreCase)).Take(2).ToList();
        value = matches.Count == 1 ? matches[0].Value : BsonNull.Value;
        return matches.Count == 1;
    }

    /// <summary>The value of positional parameter <paramref name="position"/> (1-based).</summary>
    internal bool TryGetPositional(int position, out BsonValue value)
    {
        var ok = position >= 1 && position <= _positional.Count;
        value = ok ? _positional[position - 1] : BsonNull.Value;
        return ok;
    }

    private Dictionary<string, BsonValue> Named() => _named ??= new(StringComparer.Ordinal);

    private static string Normalize(string name)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        return name[0] is '@' or '$' or ':' ? name[1..] : name;
    }

    private static BsonBinaryData DateValue(DateTime value)
    {
        var payload = new byte[CBsonExtensionTypes.DateTimeSize];
        CBsonExtensionTypes.WriteDateTime(payload, value);
        return new BsonBinaryData(payload, BsonBinarySubtype.DateTime);
    }

    bool ISqlParameterValues.TryGetNamed(string name, out BsonValue value) => TryGetNamed(name, out value);

    bool ISqlParameterValues.TryGetPositional(int position, out BsonValue value) => TryGetPositional(position, out value);
}
