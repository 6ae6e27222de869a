using System.Buffers;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>
/// Standard BSON (bsonspec.org) to and from the document model. Reading validates everything the BSON
/// specification and MongoDB's BSON corpus require — lengths, terminators, UTF-8 in strings and names,
/// boolean bytes, binary subtype 2 inner lengths, code-with-scope sizes, type codes, trailing bytes and a
/// nesting limit of <see cref="MaxDepth"/> — and reports any fault as a <see cref="BsonFormatException"/>
/// with the byte offset, never another exception type.
/// </summary>
public static class BsonBinary
{
    /// <summary>The deepest nesting of documents and arrays accepted, the top-level document counting as 1.</summary>
    public const int MaxDepth = BsonValue.MaxDepth;

    /// <summary>Decodes one BSON document that fills <paramref name="bson"/> exactly.</summary>
    /// <param name="bson">The bytes of the document, nothing before or after it.</param>
    /// <returns>The document.</returns>
    /// <exception cref="BsonFormatException">The bytes are not one valid BSON document.</exception>
    public static BsonDocument Read(ReadOnlySpan<byte> bson) => BsonModelReader.ReadTopLevel(bson);

    /// <summary>Encodes a document as standard BSON.</summary>
    /// <param name="document">The document.</param>
    /// <returns>A new array holding the encoded document.</returns>
    /// <exception cref="CBsonLimitException">The document nests deeper than <see cref="MaxDepth"/> levels (or contains itself).</exception>
    public static byte[] Write(BsonDocument document)
    {
        ArgumentNullException.ThrowIfNull(document);
        var writer = new BsonModelWriter();
        try
        {
            writer.WriteTopLevel(document);
            return writer.Written.ToArray();
        }
        finally
        {
            writer.Dispose();
        }
    }

    /// <summary>Encodes a document as standard BSON into <paramref name="destination"/>.</summary>
    /// <param name="document">The document.</param>
    /// <param name="destination">Receives the encoded bytes, advanced by their count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="CBsonLimitException">The document nests deeper than <see cref="MaxDepth"/> levels (or contains itself).</exception>
    public static int Write(BsonDocument document, IBufferWriter<byte> destination)
    {
        ArgumentNullException.ThrowIfNull(document);
        ArgumentNullException.ThrowIfNull(destination);
        var writer = new BsonModelWriter();
        try
        {
            writer.WriteTopLevel(document);
            var written = writer.Written;
            written.CopyTo(destination.GetSpan(written.Length));
            destination.Advance(written.Length);
            return written.Length;
        }
        finally
        {
            writer.Dispose();
        }
    }
}
