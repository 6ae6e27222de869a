using System.Buffers;
using DocStore.Bson;

namespace DocStore.Collections;

// A document's C-BSON bytes, in a buffer the thread keeps between writes.
internal sealed partial class CollectionWriter<T, TKey>
{
    /// <summary>The largest serialization buffer a thread keeps between writes (larger documents get a buffer of their own).</summary>
    private const int MaxRetainedDocumentBuffer = 256 * 1024;

    /// <summary>The document's C-BSON bytes in this thread's scratch writer: valid until the next serialization on the thread (the caller stores them first).</summary>
    private ReadOnlySpan<byte> Serialize(T document, IFieldDictionary fields, TKey key)
    {
        var buffer = CollectionScratch.Document ??= new ArrayBufferWriter<byte>(1024);
        buffer.ResetWrittenCount();
        var writer = new CBsonWriter(buffer);
        try
        {
            Model.Write(ref writer, document, fields);
        }
        catch (CBsonLimitException e) when (e.Limit != CBsonLimit.Depth)
        {
            // Depth is a model problem with its own message; any size limit means the document is too large.
            throw new DocumentTooLargeException(Name, KeyString(key), Math.Max(buffer.WrittenCount, CBsonLimits.MaxDocumentSize + 1L), CBsonLimits.MaxDocumentSize);
        }
        catch (ArgumentException e) when (writer.Depth > 0 && e is not ArgumentNullException)
        {
            // Text with no UTF-8 form (a lone surrogate) or a name a field dictionary refuses: the writer was
            // left at the value it refused, so the message can say which field of which document holds it.
            throw new ArgumentException($"Document {KeyString(key)} of collection '{Name}': field '{writer.DescribeCurrentPath(fields)}' cannot be stored: {e.Message}", nameof(document), e);
        }
        finally
        {
            // One huge document must not pin its buffer on the thread for good.
            if (buffer.Capacity > MaxRetainedDocumentBuffer)
            {
                CollectionScratch.Document = null;
            }
        }

        if (buffer.WrittenCount > CBsonLimits.MaxDocumentSize)
        {
            throw new DocumentTooLargeException(Name, KeyString(key), buffer.WrittenCount, CBsonLimits.MaxDocumentSize);
        }

        return buffer.WrittenSpan;
    }
}
