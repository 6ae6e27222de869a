using System.Buffers.Binary;
using System.Text;

namespace DocStore.Bson;

public ref partial struct CBsonWriter
{
    /// <summary>
    /// The stored path of the value the writer is at, with names from <paramref name="fields"/>: the open
    /// documents' and arrays' field names and the pending field id (<c>Address.City</c>), an array element
    /// written as <c>[]</c> (<c>Tags[]</c>), an id without a name as <c>#id</c>. After a write that threw
    /// <see cref="ArgumentException"/> (the writer is left as before the call) it names the value refused,
    /// which lets a caller report which field of a document holds invalid text.
    /// </summary>
    /// <param name="fields">The dictionary the field ids came from.</param>
    /// <returns>The path; empty at the top level with no field id pending.</returns>
    public readonly string DescribeCurrentPath(IFieldDictionary fields)
    {
        ArgumentNullException.ThrowIfNull(fields);
        var path = new StringBuilder();
        var written = _output.Written;
        for (var level = 1; level < _depth; level++)
        {
            // A container's element header ends where its length prefix (or, for a code-with-scope's
            // scope, the code-with-scope's total length) starts; inside a document it ends with the field id.
            var frame = _frames[level];
            var headerEnd = frame.CodeWithScopeStart >= 0 ? frame.CodeWithScopeStart : frame.Start;
            AppendStep(path, _frames[level - 1].IsArray ? null : BinaryPrimitives.ReadUInt16LittleEndian(written[(headerEnd - 2)..]), fields);
        }

        if (_depth > 0 && (_inArray || _pendingFieldId != 0))
        {
            AppendStep(path, _inArray ? null : _pendingFieldId, fields);
        }

        return path.ToString();
    }

    private static void AppendStep(StringBuilder path, ushort? fieldId, IFieldDictionary fields)
    {
        if (fieldId is not { } id)
        {
            path.Append("[]");
            return;
        }

        if (path.Length > 0)
        {
            path.Append('.');
        }

        if (fields.TryGetName(id, out var name))
        {
            path.Append(name);
        }
        else
        {
            path.Append('#').Append(id);
        }
    }
}
