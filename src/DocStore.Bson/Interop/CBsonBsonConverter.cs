using System.Buffers;
using System.Runtime.CompilerServices;

namespace DocStore.Bson;

/// <summary>
/// Converts between C-BSON and standard BSON by walking the bytes once, without building a document
/// model. Values keep their exact bytes; only element names change: BSON names become field ids from a
/// field dictionary (assigned on first sight) and back, and array elements gain or lose their "0", "1",
/// ... keys. Element order is kept both ways. Input is checked as fully as <see cref="CBsonValidator"/>
/// checks it (framing, UTF-8, depth), so malformed input throws <see cref="BsonFormatException"/> and
/// nothing is committed to the output. The walk is iterative with an inline stack bounded by
/// <see cref="CBsonLimits.MaxDepth"/>.
/// </summary>
public static partial class CBsonBsonConverter
{
    /// <summary>Converts one C-BSON document to standard BSON, restoring names from the dictionary.</summary>
    /// <param name="cbson">Exactly one C-BSON document.</param>
    /// <param name="names">The collection's field dictionary.</param>
    /// <param name="output">Receives the BSON document (advanced once, at the end).</param>
    /// <returns>The size of the BSON document.</returns>
    /// <exception cref="BsonFormatException">The input is malformed, or uses a field id the dictionary does not have.</exception>
    public static int ToBson(ReadOnlySpan<byte> cbson, IFieldDictionary names, IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(names);
        ArgumentNullException.ThrowIfNull(output);
        return WriteBson(cbson, names, output);
    }

    /// <inheritdoc cref="ToBson(ReadOnlySpan{byte}, IFieldDictionary, IBufferWriter{byte})"/>
    /// <returns>The BSON document.</returns>
    public static byte[] ToBson(ReadOnlySpan<byte> cbson, IFieldDictionary names)
    {
        var output = new ArrayBufferWriter<byte>(cbson.Length + (cbson.Length / 2) + 16);
        ToBson(cbson, names, output);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>
    /// Converts one standard BSON document to C-BSON, looking up each name's id and adding new names to
    /// the dictionary. Array keys are dropped whatever they are (arrays in the wild are not always keyed
    /// "0", "1", ...): element order is what is kept.
    /// </summary>
    /// <param name="bson">Exactly one BSON document.</param>
    /// <param name="names">The collection's field dictionary; new names are added with <see cref="IFieldDictionary.GetOrAdd"/>.</param>
    /// <param name="output">Receives the C-BSON document (advanced once, at the end).</param>
    /// <returns>The size of the C-BSON document.</returns>
    /// <exception cref="BsonFormatException">
    /// The input is malformed, larger than <see cref="CBsonLimits.MaxDocumentSize"/> or nested deeper than
    /// <see cref="CBsonLimits.MaxDepth"/>, or a document has a field named "" (field names must be non-empty).
    /// </exception>
    /// <exception cref="FieldDictionaryFullException">A new name needs an id and the dictionary is full.</exception>
    /// <exception cref="InvalidOperationException">The dictionary returned a reserved id (0 or 65535).</exception>
    public static int FromBson(ReadOnlySpan<byte> bson, IFieldDictionary names, IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(names);
        ArgumentNullException.ThrowIfNull(output);
        return WriteCBson(bson, names, output);
    }

    /// <inheritdoc cref="FromBson(ReadOnlySpan{byte}, IFieldDictionary, IBufferWriter{byte})"/>
    /// <returns>The C-BSON document.</returns>
    public static byte[] FromBson(ReadOnlySpan<byte> bson, IFieldDictionary names)
    {
        var output = new ArrayBufferWriter<byte>(Math.Max(bson.Length, 16));
        FromBson(bson, names, output);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>One open container during conversion: where to read next and where its output length goes.</summary>
    private struct Frame(int next, int end, bool isArray, int outputStart, int codeWithScopeStart)
    {
        public int Next = next;
        public readonly int End = end;
        public readonly bool IsArray = isArray;
        public readonly int OutputStart = outputStart;
        public readonly int CodeWithScopeStart = codeWithScopeStart;
        public int Index;
    }

    [InlineArray(CBsonLimits.MaxDepth)]
    private struct FrameStack
    {
        private Frame _element0;
    }
}
