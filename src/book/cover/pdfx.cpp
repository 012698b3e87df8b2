// One of the two files that use qpdf (with pdf_check.cpp): this one writes, that one reads.
#include "book/cover/pdfx.h"

#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFWriter.hh>

#include <cstdio>
#include <stdexcept>

namespace puzzlepress::book {

PdfxFacts pdfx_facts(std::optional<int> year) {
  PdfxFacts facts;
  char date[32];
  std::snprintf(date, sizeof date, "D:%04d0101000000Z", year.value_or(2000));
  facts.date = date;
  return facts;
}

util::Result<std::string> to_pdfx1a(std::string_view pdf, const PdfxFacts& facts) {
  using R = util::Result<std::string>;
  try {
    QPDF qpdf;
    qpdf.setSuppressWarnings(true);
    const std::string bytes(pdf);
    qpdf.processMemoryFile("cover.pdf", bytes.data(), bytes.size());

    QPDFObjectHandle intent = QPDFObjectHandle::newDictionary();
    intent.replaceKey("/Type", QPDFObjectHandle::newName("/OutputIntent"));
    intent.replaceKey("/S", QPDFObjectHandle::newName("/GTS_PDFX"));
    intent.replaceKey("/OutputConditionIdentifier", QPDFObjectHandle::newString(facts.output_condition_identifier));
    intent.replaceKey("/OutputCondition", QPDFObjectHandle::newString(facts.output_condition));
    intent.replaceKey("/RegistryName", QPDFObjectHandle::newString(facts.registry));
    intent.replaceKey("/Info", QPDFObjectHandle::newString(facts.info));
    QPDFObjectHandle intents = QPDFObjectHandle::newArray();
    intents.appendItem(qpdf.makeIndirectObject(intent));
    qpdf.getRoot().replaceKey("/OutputIntents", intents);

    QPDFObjectHandle trailer = qpdf.getTrailer();
    QPDFObjectHandle info = trailer.getKey("/Info");
    if (!info.isDictionary()) {
      info = qpdf.makeIndirectObject(QPDFObjectHandle::newDictionary());
      trailer.replaceKey("/Info", info);
    }
    info.replaceKey("/GTS_PDFXVersion", QPDFObjectHandle::newString("PDF/X-1:2001"));
    info.replaceKey("/GTS_PDFXConformance", QPDFObjectHandle::newString("PDF/X-1a:2001"));
    info.replaceKey("/Trapped", QPDFObjectHandle::newName("/False"));
    info.replaceKey("/CreationDate", QPDFObjectHandle::newString(facts.date));
    info.replaceKey("/ModDate", QPDFObjectHandle::newString(facts.date));

    QPDFWriter writer(qpdf);
    writer.setOutputMemory();
    writer.setDeterministicID(true);
    writer.forcePDFVersion("1.3");
    writer.setObjectStreamMode(qpdf_o_disable);
    writer.write();
    const std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
    return R::success(std::string(reinterpret_cast<const char*>(buffer->getBuffer()), buffer->getSize()));
  } catch (const QPDFExc& e) {
    return R::failure("cannot make PDF/X-1a: " + e.getMessageDetail());
  } catch (const std::exception& e) {
    return R::failure(std::string("cannot make PDF/X-1a: ") + e.what());
  }
}

}  // namespace puzzlepress::book
