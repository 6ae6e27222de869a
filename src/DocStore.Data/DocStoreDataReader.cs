using System.Collections;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.Data;

/// <summary>
/// A forward-only reader over a command's results (one per statement). Documents are schemaless, so a
/// column's type is decided by its values: the reader looks ahead up to <see cref="TypeLookahead"/> rows and
/// takes the type of the first non-NULL value (integers are <see cref="long"/>; integers mixed with reals
/// widen to <see cref="double"/>, with decimals to <see cref="decimal"/>; other mixes are <see cref="object"/>).
/// <see cref="GetValue"/> then always returns that type (or <see cref="DBNull"/>): a later value of another
/// type is converted, and one that cannot be is an <see cref="InvalidCastException"/> naming the column and
/// the value. Nested documents and arrays are <see cref="BsonDocument"/> and <see cref="BsonArray"/>;
/// <see cref="GetString"/> gives their relaxed Extended JSON. See docs/ado-net.md.
/// </summary>
[SuppressMessage("Design", "CA1010:Generic interface should also be implemented", Justification = "The enumerable shape is DbDataReader's.")]
public sealed class DocStoreDataReader : DbDataReader
{
    /// <summary>How many rows a result reads ahead to decide its column types.</summary>
    public const int TypeLookahead = 64;

    private readonly SqlDataRows _rows;
    private readonly DocStoreCommand _command;
    private readonly Queue<object[]> _ahead = new();
    private Type[] _types = [];
    private object[]? _current;
    private bool _sourceDone;
    private bool _closed;

    internal DocStoreDataReader(SqlDataRows rows, DocStoreCommand command)
    {
        _rows = rows;
        _command = command;
        StartResult();
    }

    /// <summary>The number of columns of the current result.</summary>
    public override int FieldCount => _rows.FieldCount;

    /// <summary>The rows changed by the statements run so far (-1 when none is a write).</summary>
    public override int RecordsAffected => _rows.RecordsAffected;

    /// <summary>True once the reader is closed.</summary>
    public override bool IsClosed => _closed;

    /// <summary>True when the current result has at least one row left to read.</summary>
    public override bool HasRows => _ahead.Count > 0 || _current is not null;

    /// <summary>Always 0: results are not nested.</summary>
    public override int Depth => 0;

    /// <summary>The value of column <paramref name="ordinal"/>.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override object this[int ordinal] => GetValue(ordinal);

    /// <summary>The value of the column named <paramref name="name"/>.</summary>
    /// <param name="name">The column name (case-insensitive).</param>
    /// <returns>The value.</returns>
    public override object this[string name] => GetValue(GetOrdinal(name));

    /// <summary>Moves to the next row.</summary>
    /// <returns>False when the result has no more rows.</returns>
    public override bool Read()
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        if (_ahead.Count > 0)
        {
            _current = _ahead.Dequeue();
            return true;
        }

        if (!_sourceDone && _rows.Read())
        {
            _current = Convert(Raw());
            return true;
        }

        _sourceDone = true;
        _current = null;
        return false;
    }

    /// <summary>Moves to the next statement's result.</summary>
    /// <returns>False when there are no more.</returns>
    public override bool NextResult()
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        _ahead.Clear();
        _current = null;
        if (!_rows.NextResult())
        {
            _types = [];
            _sourceDone = true;
            return false;
        }

        StartResult();
        return true;
    }

    /// <summary>The name of column <paramref name="ordinal"/>: its alias, else its path as written.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The name.</returns>
    public override string GetName(int ordinal) => _rows.GetName(ordinal);

    /// <summary>The position of the column named <paramref name="name"/> (exact, then ignoring case).</summary>
    /// <param name="name">The name.</param>
    /// <returns>The 0-based column.</returns>
    /// <exception cref="IndexOutOfRangeException">No column has that name.</exception>
    [SuppressMessage("Usage", "CA2201:Do not raise reserved exception types", Justification = "IDataRecord.GetOrdinal documents IndexOutOfRangeException for an unknown name.")]
    public override int GetOrdinal(string name)
    {
        try
        {
            return _rows.GetOrdinal(name);
        }
        catch (ArgumentException e)
        {
            throw new IndexOutOfRangeException(e.Message, e);
        }
    }

    /// <summary>The CLR type <see cref="GetValue"/> returns for column <paramref name="ordinal"/> (see the class remarks).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The type.</returns>
    [return: DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.PublicProperties)]
    [UnconditionalSuppressMessage("Trimming", "IL2063", Justification = "The types come from a fixed set (CLR primitives, dates, Guid, byte[], ObjectId, BsonValue types); callers only compare them.")]
    public override Type GetFieldType(int ordinal) => _types[ordinal];

    /// <summary>The name of <see cref="GetFieldType"/>'s type.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The type name.</returns>
    public override string GetDataTypeName(int ordinal) => GetFieldType(ordinal).Name;

    /// <summary>The value of column <paramref name="ordinal"/> of the current row, of the column's type, or <see cref="DBNull"/>.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override object GetValue(int ordinal)
    {
        var row = _current ?? throw new InvalidOperationException("There is no current row: call Read first, and only while it returns true.");
        return row[ordinal];
    }

    /// <summary>Copies the current row's values into <paramref name="values"/>.</summary>
    /// <param name="values">The destination.</param>
    /// <returns>How many were copied.</returns>
    public override int GetValues(object[] values)
    {
        ArgumentNullException.ThrowIfNull(values);
        var count = Math.Min(values.Length, FieldCount);
        for (var i = 0; i < count; i++)
        {
            values[i] = GetValue(i);
        }

        return count;
    }

    /// <summary>True when column <paramref name="ordinal"/> is NULL (or missing from the document).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>True for NULL.</returns>
    public override bool IsDBNull(int ordinal) => GetValue(ordinal) is DBNull;

    /// <summary>The value as a <see cref="BsonValue"/>, as the SQL engine produced it (<see cref="BsonNull"/> for NULL).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public BsonValue GetBsonValue(int ordinal) => GetValue(ordinal) switch
    {
        DBNull => BsonNull.Value,
        var v => BsonClr.ToBson(v, GetName(ordinal)),
    };

    /// <summary>The value as a <see cref="bool"/> (numbers: non-zero is true).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override bool GetBoolean(int ordinal) => GetValue(ordinal) is bool b ? b : Converted(ordinal, static v => System.Convert.ToBoolean(v, CultureInfo.InvariantCulture));

    /// <summary>The value as a <see cref="byte"/>.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override byte GetByte(int ordinal) => Converted(ordinal, static v => System.Convert.ToByte(v, CultureInfo.InvariantCulture));

    /// <summary>Copies bytes of a binary value.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <param name="dataOffset">Where in the value to start.</param>
    /// <param name="buffer">The destination, or null to get the length.</param>
    /// <param name="bufferOffset">Where in the destination to start.</param>
    /// <param name="length">The most bytes to copy.</param>
    /// <returns>The bytes copied (or the value's length when <paramref name="buffer"/> is null).</returns>
    public override long GetBytes(int ordinal, long dataOffset, byte[]? buffer, int bufferOffset, int length)
    {
        var bytes = Required(ordinal) as byte[] ?? throw Cast(ordinal, typeof(byte[]));
        if (buffer is null)
        {
            return bytes.Length;
        }

        var count = (int)Math.Max(0, Math.Min(length, bytes.Length - dataOffset));
        Array.Copy(bytes, dataOffset, buffer, bufferOffset, count);
        return count;
    }

    /// <summary>The first character of a text value.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The character.</returns>
    public override char GetChar(int ordinal) => GetString(ordinal) is [var c, ..] ? c : throw Cast(ordinal, typeof(char));

    /// <summary>Copies characters of the value's text.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <param name="dataOffset">Where in the text to start.</param>
    /// <param name="buffer">The destination, or null to get the length.</param>
    /// <param name="bufferOffset">Where in the destination to start.</param>
    /// <param name="length">The most characters to copy.</param>
    /// <returns>The characters copied (or the text's length when <paramref name="buffer"/> is null).</returns>
    public override long GetChars(int ordinal, long dataOffset, char[]? buffer, int bufferOffset, int length)
    {
        var text = GetString(ordinal);
        if (buffer is null)
        {
            return text.Length;
        }

        var count = (int)Math.Max(0, Math.Min(length, text.Length - dataOffset));
        text.CopyTo((int)dataOffset, buffer, bufferOffset, count);
        return count;
    }

    /// <summary>The value as a <see cref="DateTime"/> (a <see cref="DateTimeOffset"/> gives its UTC time; text is parsed as ISO 8601).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override DateTime GetDateTime(int ordinal) => Required(ordinal) switch
    {
        DateTime d => d,
        DateTimeOffset d => d.UtcDateTime,
        DateOnly d => d.ToDateTime(TimeOnly.MinValue),
        string => Converted(ordinal, static v => DateTime.Parse((string)v, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind)),
        _ => throw Cast(ordinal, typeof(DateTime)),
    };

    /// <summary>The value as a <see cref="decimal"/>.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override decimal GetDecimal(int ordinal) => Numeric(ordinal, static v => System.Convert.ToDecimal(v, CultureInfo.InvariantCulture));

    /// <summary>The value as a <see cref="double"/>.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override double GetDouble(int ordinal) => Numeric(ordinal, static v => System.Convert.ToDouble(v, CultureInfo.InvariantCulture));

    /// <summary>The value as a <see cref="float"/>.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override float GetFloat(int ordinal) => Numeric(ordinal, static v => System.Convert.ToSingle(v, CultureInfo.InvariantCulture));

    /// <summary>The value as a <see cref="Guid"/> (text is parsed).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override Guid GetGuid(int ordinal) => Required(ordinal) switch
    {
        Guid g => g,
        string => Converted(ordinal, static v => Guid.Parse((string)v, CultureInfo.InvariantCulture)),
        byte[] { Length: 16 } b => new Guid(b),
        _ => throw Cast(ordinal, typeof(Guid)),
    };

    /// <summary>The value as a <see cref="short"/> (overflow throws).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override short GetInt16(int ordinal) => Numeric(ordinal, static v => System.Convert.ToInt16(v, CultureInfo.InvariantCulture));

    /// <summary>The value as an <see cref="int"/> (overflow throws; a real is rounded).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override int GetInt32(int ordinal) => Numeric(ordinal, static v => System.Convert.ToInt32(v, CultureInfo.InvariantCulture));

    /// <summary>The value as a <see cref="long"/> (overflow throws; a real is rounded).</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    public override long GetInt64(int ordinal) => Numeric(ordinal, static v => System.Convert.ToInt64(v, CultureInfo.InvariantCulture));

    /// <summary>The value as text: strings as they are, documents and arrays as relaxed Extended JSON, other values in invariant culture.</summary>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The text.</returns>
    public override string GetString(int ordinal) => Required(ordinal) switch
    {
        string s => s,
        BsonValue v => BsonClr.ToText(v),
        var other => BsonClr.ToText(BsonClr.ToBson(other, GetName(ordinal))),
    };

    /// <summary>
    /// The value as <typeparamref name="T"/>: exact types, numbers between numeric types, <see cref="string"/> via
    /// <see cref="GetString"/>, <see cref="DateTime"/> via <see cref="GetDateTime"/>, <see cref="Guid"/> via
    /// <see cref="GetGuid"/>, <see cref="DateTimeOffset"/>, <see cref="DateOnly"/>, <see cref="TimeOnly"/> and
    /// <see cref="TimeSpan"/> from their own values or ISO 8601 text (as <c>docstore export</c> writes them), or
    /// null/default for NULL when <typeparamref name="T"/> allows it.
    /// </summary>
    /// <typeparam name="T">The type wanted.</typeparam>
    /// <param name="ordinal">The 0-based column.</param>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidCastException">The value cannot be read as <typeparamref name="T"/>; the message names the column, the row's <c>_id</c> when the result has one, and the value.</exception>
    public override T GetFieldValue<T>(int ordinal)
    {
        var value = GetValue(ordinal);
        if (value is T t)
        {
            return t;
        }

        if (value is DBNull && default(T) is null)
        {
            return default!;
        }

        var target = Nullable.GetUnderlyingType(typeof(T)) ?? typeof(T);
        return target == typeof(string) ? (T)(object)GetString(ordinal)
            : target == typeof(DateTime) ? (T)(object)GetDateTime(ordinal)
            : target == typeof(Guid) ? (T)(object)GetGuid(ordinal)
            : ClrText.Temporal(target) ? (T)Temporal(ordinal, target)
            : value is IConvertible && typeof(IConvertible).IsAssignableFrom(target) && !target.IsEnum ? (T)Changed(ordinal, target)
            : throw Cast(ordinal, typeof(T));
    }

    /// <summary>Enumerates the rows as <see cref="DbDataRecord"/>s.</summary>
    /// <returns>The enumerator.</returns>
    public override IEnumerator GetEnumerator() => new DbEnumerator(this, closeReader: false);

    /// <summary>Closes the reader, ending its statements' snapshots (a command's later statements are not run).</summary>
    public override void Close()
    {
        if (_closed)
        {
            return;
        }

        _closed = true;
        _rows.Dispose();
        _command.ReaderClosed(this);
    }

    /// <summary>Closes the reader.</summary>
    /// <param name="disposing">True from <see cref="IDisposable.Dispose"/>.</param>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Close();
        }

        base.Dispose(disposing);
    }

    private object Required(int ordinal) => GetValue(ordinal) is DBNull
        ? throw new InvalidCastException($"Column '{GetName(ordinal)}' is NULL in this row; check IsDBNull first.")
        : GetValue(ordinal);

    private object Number(int ordinal) => Required(ordinal) switch
    {
        long or int or double or decimal or bool => GetValue(ordinal),
        string s => s,
        _ => throw Cast(ordinal, typeof(double)),
    };

    private InvalidCastException Cast(int ordinal, Type wanted, Exception? cause = null) =>
        new($"Column '{GetName(ordinal)}'{RowKey(ordinal)} holds {Describe(GetValue(ordinal))}, which cannot be read as {wanted.Name}.", cause);

    // The row's key, when the result has an _id column (SELECT * and SELECT _id, ...), so the bad document can be found.
    private string RowKey(int ordinal)
    {
        var key = -1;
        for (var i = 0; i < FieldCount && key < 0; i++)
        {
            key = GetName(i) == "_id" ? i : -1;
        }

        return key < 0 || key == ordinal || _current is null || _current[key] is DBNull
            ? string.Empty
            : $" of the row with _id {BsonClr.ToText(BsonClr.ToBson(_current[key], "_id"))}";
    }

    // DateTimeOffset, DateOnly, TimeOnly and TimeSpan from their own values, a convertible neighbour or ISO 8601 text.
    private object Temporal(int ordinal, Type target)
    {
        var value = Required(ordinal);
        try
        {
            return ClrText.ToTemporal(value, target) ?? throw Cast(ordinal, target);
        }
        catch (FormatException e)
        {
            throw Cast(ordinal, target, e);
        }
    }

    private object Changed(int ordinal, Type target)
    {
        var value = Required(ordinal);
        try
        {
            return System.Convert.ChangeType(value, target, CultureInfo.InvariantCulture);
        }
        catch (Exception e) when (e is FormatException or InvalidCastException)
        {
            throw Cast(ordinal, target, e);
        }
        catch (OverflowException e)
        {
            throw new OverflowException($"Column '{GetName(ordinal)}'{RowKey(ordinal)} holds {Describe(value)}, which does not fit {target.Name}.", e);
        }
    }

    private T Numeric<T>(int ordinal, Func<object, T> convert)
    {
        Number(ordinal);
        return Converted(ordinal, convert);
    }

    // Text that does not parse is a cast that fails, as ADO.NET's typed getters report it; overflow stays OverflowException.
    private T Converted<T>(int ordinal, Func<object, T> convert)
    {
        try
        {
            return convert(Required(ordinal));
        }
        catch (FormatException e)
        {
            throw Cast(ordinal, typeof(T), e);
        }
    }

    private static string Describe(object value) => value switch
    {
        BsonValue v => $"a {v.BsonType} value",
        _ => $"a {value.GetType().Name} value ({BsonClr.ToText(BsonClr.ToBson(value, "value"))})",
    };

    private object[] Raw()
    {
        var values = new object[FieldCount];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = BsonClr.ToClr(_rows.GetValue(i));
        }

        return values;
    }

    // Reads ahead to decide each column's type, then converts the rows read ahead to those types.
    private void StartResult()
    {
        _sourceDone = false;
        var count = FieldCount;
        var found = new Type?[count];
        var raw = new List<object[]>();
        while (raw.Count < TypeLookahead && _rows.Read())
        {
            var row = Raw();
            raw.Add(row);
            for (var i = 0; i < count; i++)
            {
                if (row[i] is not DBNull)
                {
                    found[i] = Merge(found[i], row[i].GetType());
                }
            }

            if (raw.Count == 1 && Array.TrueForAll(found, t => t is not null))
            {
                // Every column has a value in the first row: no need to look further.
                break;
            }
        }

        _types = [.. found.Select(t => t ?? typeof(object))];
        foreach (var row in raw)
        {
            _ahead.Enqueue(Convert(row));
        }
    }

    private static Type Merge(Type? seen, Type next)
    {
        if (seen is null || seen == next)
        {
            return next;
        }

        var numbers = new[] { typeof(long), typeof(double), typeof(decimal) };
        if (numbers.Contains(seen) && numbers.Contains(next))
        {
            return seen == typeof(decimal) || next == typeof(decimal) ? typeof(decimal) : typeof(double);
        }

        return typeof(object);
    }

    private object[] Convert(object[] row)
    {
        for (var i = 0; i < row.Length; i++)
        {
            var type = _types[i];
            var value = row[i];
            if (value is DBNull || type == typeof(object) || value.GetType() == type)
            {
                continue;
            }

            row[i] = ConvertTo(value, type) ?? throw new InvalidCastException(
                $"Column '{GetName(i)}' has type {type.Name} (from its first values), but a later row holds {Describe(value)}; CAST it in SQL or read the column as BsonValue with GetBsonValue.");
        }

        return row;
    }

    private static object? ConvertTo(object value, Type type)
    {
        if (type == typeof(string))
        {
            return value is BsonValue b ? BsonClr.ToText(b) : BsonClr.ToText(BsonClr.ToBson(value, "value"));
        }

        return (value, type) switch
        {
            (long v, _) when type == typeof(double) => (double)v,
            (long v, _) when type == typeof(decimal) => (decimal)v,
            (double v, _) when type == typeof(decimal) => (decimal)v,
            (double v, _) when type == typeof(long) && v == Math.Floor(v) && v >= long.MinValue && v < 9.2233720368547758E18 => (long)v,
            (decimal v, _) when type == typeof(double) => (double)v,
            (decimal v, _) when type == typeof(long) && v == decimal.Truncate(v) && v >= long.MinValue && v <= long.MaxValue => (long)v,
            (DateTimeOffset v, _) when type == typeof(DateTime) => v.UtcDateTime,
            (DateTime v, _) when type == typeof(DateTimeOffset) => new DateTimeOffset(v.Kind == DateTimeKind.Unspecified ? DateTime.SpecifyKind(v, DateTimeKind.Utc) : v),
            _ => null,
        };
    }
}
