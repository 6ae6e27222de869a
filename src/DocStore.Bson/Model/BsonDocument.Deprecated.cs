namespace DocStore.Bson.Model;

public sealed partial class BsonDocument
{
    /// <summary>
    /// Returns a deep copy in which the deprecated BSON types are replaced by their modern equivalents, as
    /// the BSON specification describes for tools that must not emit them: symbol becomes string, undefined
    /// becomes null, and DBPointer becomes a DBRef document <c>{ "$ref": namespace, "$id": id }</c>.
    /// Code with scope is kept (it has no modern equivalent).
    /// </summary>
    /// <exception cref="InvalidOperationException">The document nests deeper than <see cref="BsonValue.MaxDepth"/>.</exception>
    public BsonDocument ReplaceDeprecatedTypes() => (BsonDocument)Modernize(this, 1);

    private static BsonValue Modernize(BsonValue value, int depth)
    {
        switch (value)
        {
            case BsonSymbol symbol:
                return new BsonString(symbol.Name, trusted: true);
            case BsonUndefined:
                return BsonNull.Value;
            case BsonDBPointer pointer:
                var reference = new BsonDocument(2);
                reference.AddTrusted("$ref", new BsonString(pointer.Namespace, trusted: true));
                reference.AddTrusted("$id", new BsonObjectId(pointer.Id));
                return reference;
            case BsonDocument document:
                CheckDepth(depth);
                var copy = new BsonDocument(document.Count);
                foreach (var element in document._elements)
                {
                    copy.AddTrusted(element.Name, Modernize(element.Value, depth + 1));
                }

                return copy;
            case BsonArray array:
                CheckDepth(depth);
                var items = new BsonArray(array.Count);
                foreach (var item in array)
                {
                    items.AddTrusted(Modernize(item, depth + 1));
                }

                return items;
            case BsonJavaScriptWithScope code:
                return new BsonJavaScriptWithScope(code.Code, (BsonDocument)Modernize(code.Scope, depth));
            default:
                return value;
        }
    }
}
