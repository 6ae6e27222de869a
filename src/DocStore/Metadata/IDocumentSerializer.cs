using System.ComponentModel;
using DocStore.Bson;

namespace DocStore.Metadata;

/// <summary>Writes and reads documents of type <typeparamref name="T"/> as C-BSON; implemented by generated code.</summary>
/// <typeparam name="T">The document type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public interface IDocumentSerializer<T>
{
    /// <summary>Writes <paramref name="document"/> as one C-BSON document.</summary>
    /// <param name="writer">The destination.</param>
    /// <param name="document">The document.</param>
    /// <param name="fields">The collection's field dictionary; new names are added.</param>
    void Write(ref CBsonWriter writer, T document, IFieldDictionary fields);

    /// <summary>Reads a document written by <see cref="Write"/> (or by an older or newer version of the type).</summary>
    /// <param name="document">The stored C-BSON bytes.</param>
    /// <param name="fields">The collection's field dictionary.</param>
    /// <returns>The document.</returns>
    /// <exception cref="DocumentSchemaException">A stored value does not fit its member.</exception>
    /// <exception cref="BsonFormatException">The bytes are malformed.</exception>
    T Read(ReadOnlySpan<byte> document, IFieldDictionary fields);
}
