using DocStore.Bson;

namespace DocStore.Sql.Bound;

/// <summary>
/// Reads a path out of stored C-BSON by field ids, skipping the values it passes without decoding them.
/// A missing step, or a step through something that is not a document, reads as NULL.
/// </summary>
internal static class PathReader
{
    /// <summary>The value at <paramref name="ids"/> (a path without <c>[]</c>).</summary>
    public static SqlValue ReadSingle(ReadOnlyMemory<byte> document, ReadOnlySpan<ushort> ids, object fields)
    {
        if (document.IsEmpty)
        {
            return SqlValue.Null;
        }

        var reader = new CBsonReader(document.Span);
        for (var i = 0; ; i++)
        {
            if (!reader.TryFindField(ids[i]))
            {
                return SqlValue.Null;
            }

            if (i == ids.Length - 1)
            {
                return StoredValues.Read(ref reader, document, fields);
            }

            if (reader.Type != BsonType.Document)
            {
                return SqlValue.Null;
            }

            reader = reader.GetDocumentReader();
        }
    }

    /// <summary>
    /// The values of a path whose segment <paramref name="expand"/> is an array: one per element (a value
    /// that is not an array counts as a one-element array; NULL or missing adds none).
    /// </summary>
    public static void ReadElements(ReadOnlyMemory<byte> document, ushort[] ids, int expand, object fields, List<SqlValue> into)
    {
        into.Clear();
        var container = ReadSingle(document, ids.AsSpan(0, expand + 1), fields);
        if (container.IsNull)
        {
            return;
        }

        var rest = ids.AsSpan(expand + 1);
        if (container.Kind != SqlKind.Array)
        {
            Add(container, rest, fields, into);
            return;
        }

        var frame = container.Bytes;
        var reader = new CBsonReader(frame.Span, isArray: true);
        while (reader.Read())
        {
            Add(StoredValues.Read(ref reader, frame, fields), rest, fields, into);
        }
    }

    private static void Add(SqlValue element, ReadOnlySpan<ushort> rest, object fields, List<SqlValue> into)
    {
        if (rest.IsEmpty)
        {
            into.Add(element);
        }
        else if (element.Kind == SqlKind.Document)
        {
            into.Add(ReadSingle(element.Bytes, rest, fields));
        }
        else
        {
            into.Add(SqlValue.Null);
        }
    }
}
