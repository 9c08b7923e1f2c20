import { Link } from 'react-router'
import { PageHead } from '../../components/seo/page-head'
import { DocumentLayout, type DocumentSection } from '../../components/ui/document-layout'
import { paths } from '../paths'

const SUPPORT_EMAIL = 'soporte@cabanas.mx'

const sections: readonly DocumentSection[] = [
  {
    id: 'servicio',
    title: 'El servicio',
    content: (
      <>
        <p>
          Cabañas MX es una plataforma en línea que permite buscar, comparar y reservar cabañas y alojamientos
          vacacionales en distintos destinos de México. Los alojamientos son operados por sus anfitriones
          (propietarios o administradores), quienes prestan el servicio de hospedaje; Cabañas MX publica la
          información de cada alojamiento, verifica la disponibilidad, calcula el precio de la estancia y
          cobra la reserva.
        </p>
        <p>
          Puedes buscar y reservar sin crear una cuenta. Si te registras, podrás consultar tus reservas,
          guardar tus datos de contacto para reservar más rápido y elegir qué notificaciones recibir.
        </p>
      </>
    ),
  },
  {
    id: 'cuenta',
    title: 'Tu cuenta',
    content: (
      <ul>
        <li>
          Para crear una cuenta debes ser mayor de edad y proporcionar información verdadera y actualizada.
        </li>
        <li>
          Eres responsable de mantener tu contraseña en secreto y de toda actividad realizada con tu cuenta.
          Si sospechas de un uso no autorizado, cambia tu contraseña y escríbenos de inmediato.
        </li>
        <li>
          Podemos suspender o cancelar cuentas que se usen para fraude, suplantación de identidad o en
          contravención de estos términos.
        </li>
      </ul>
    ),
  },
  {
    id: 'reservas',
    title: 'Reservas',
    content: (
      <>
        <p>
          Al elegir fechas y número de huéspedes, la plataforma comprueba la disponibilidad del alojamiento y
          te muestra el precio total de la estancia antes de pagar. La reserva queda{' '}
          <strong>confirmada únicamente cuando el pago es aprobado</strong>; en ese momento verás la pantalla
          de confirmación con el número de reserva, que también encontrarás en <strong>Mis Reservas</strong>{' '}
          si iniciaste sesión.
        </p>
        <ul>
          <li>
            El número de huéspedes no puede superar la capacidad máxima del alojamiento ni ser menor a la
            mínima indicada.
          </li>
          <li>
            Algunas fechas pueden requerir una estancia mínima o no estar disponibles; en ese caso la
            plataforma no permitirá completar la reserva.
          </li>
          <li>
            Quien realiza la reserva debe proporcionar datos de contacto correctos del huésped principal, que
            serán compartidos con el anfitrión para coordinar la llegada.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'pagos',
    title: 'Precios y pagos con Openpay',
    content: (
      <>
        <p>
          Los precios se expresan en pesos mexicanos (MXN) e incluyen el IVA y la tarifa de servicio de
          Cabañas MX. El desglose se muestra en el resumen del pedido antes de confirmar el pago.
        </p>
        <p>
          Los pagos con tarjeta de crédito o débito se procesan a través de <strong>Openpay</strong>, un
          procesador de pagos autorizado. Los datos de tu tarjeta se capturan y transmiten cifrados
          directamente a Openpay: Cabañas MX no almacena el número completo de tu tarjeta ni su código de
          seguridad (CVV). Tu banco puede solicitar una verificación adicional (por ejemplo, 3D Secure) o
          rechazar el cargo; si el pago no se aprueba, la reserva no se confirma y las fechas se liberan.
        </p>
        <p>El cargo total de la estancia se realiza en una sola exhibición al confirmar la reserva.</p>
      </>
    ),
  },
  {
    id: 'cancelaciones',
    title: 'Cancelaciones: reservas no reembolsables',
    content: (
      <>
        <p>
          Todas las reservas realizadas en Cabañas MX son <strong>no reembolsables</strong>. Antes de pagar te
          lo indicamos en la página de pago. Una vez confirmado el pago, no se devuelve el importe en caso de
          cancelación por parte del huésped, de no presentarse (no show), de llegar después o salir antes de
          las fechas reservadas, ni de reducir el número de huéspedes.
        </p>
        <p>Sí procede el reembolso total o una alternativa equivalente aceptada por ti cuando:</p>
        <ul>
          <li>
            el alojamiento no esté disponible o no pueda prestarse por causas atribuibles al anfitrión o a
            Cabañas MX;
          </li>
          <li>el alojamiento sea sustancialmente distinto de lo publicado, o</li>
          <li>exista un cargo duplicado o un error en el cobro.</li>
        </ul>
        <p>
          Esta política se aplica sin perjuicio de los derechos que te otorga la Ley Federal de Protección al
          Consumidor.
        </p>
      </>
    ),
  },
  {
    id: 'reglas',
    title: 'Reglas de la casa',
    content: (
      <>
        <p>
          Cada alojamiento puede tener reglas propias, que forman parte de tu reserva. Además, todos los
          huéspedes se comprometen a:
        </p>
        <ul>
          <li>
            No exceder la capacidad máxima de huéspedes indicada ni permitir la entrada de personas no
            registradas.
          </li>
          <li>Respetar los horarios de llegada y salida acordados con el anfitrión.</li>
          <li>No organizar fiestas ni eventos sin autorización por escrito del anfitrión.</li>
          <li>Guardar silencio entre las 22:00 y las 8:00 horas y respetar a los vecinos.</li>
          <li>No fumar dentro del alojamiento y llevar mascotas solo donde se permitan expresamente.</li>
          <li>
            Encender fogatas, chimeneas o asadores únicamente en las áreas destinadas para ello y apagarlos
            por completo; en temporada de incendios forestales se deben seguir las indicaciones de las
            autoridades.
          </li>
          <li>
            Cuidar el mobiliario y el equipo, separar la basura y dejar el alojamiento en condiciones
            razonables.
          </li>
        </ul>
        <p>
          El huésped que realiza la reserva responde por los daños causados al alojamiento por él o sus
          acompañantes, más allá del desgaste normal. El incumplimiento grave de estas reglas puede dar lugar
          a la terminación anticipada de la estancia sin reembolso.
        </p>
      </>
    ),
  },
  {
    id: 'anfitriones',
    title: 'Compromisos de los anfitriones',
    content: (
      <p>
        Los anfitriones se obligan a que la información, las fotografías y las amenidades publicadas
        correspondan al alojamiento, a entregarlo limpio y en condiciones seguras de uso, y a respetar las
        reservas confirmadas. Si detectas una diferencia importante al llegar, avísanos en un plazo de 24
        horas para ayudarte a resolverla.
      </p>
    ),
  },
  {
    id: 'responsabilidad',
    title: 'Responsabilidad',
    content: (
      <>
        <p>
          Cabañas MX procura que la información publicada sea exacta y que la plataforma funcione sin
          interrupciones, pero no garantiza que esté libre de errores en todo momento. En la medida que lo
          permita la ley:
        </p>
        <ul>
          <li>
            Cabañas MX no es responsable por actos u omisiones de los huéspedes, ni por pérdidas de objetos
            personales durante la estancia.
          </li>
          <li>
            No somos responsables por incumplimientos derivados de caso fortuito o fuerza mayor, como
            fenómenos meteorológicos, cierres de carreteras, incendios o disposiciones de autoridad.
          </li>
          <li>
            Nuestra responsabilidad frente a ti por una reserva se limita al importe efectivamente pagado por
            ella.
          </li>
        </ul>
        <p>Nada en estos términos limita la responsabilidad que no pueda excluirse conforme a la ley.</p>
      </>
    ),
  },
  {
    id: 'propiedad-intelectual',
    title: 'Propiedad intelectual',
    content: (
      <p>
        La marca Cabañas MX, el diseño del sitio y sus contenidos están protegidos por la legislación de
        propiedad intelectual. Las fotografías y descripciones de los alojamientos pertenecen a sus
        anfitriones o se usan con su autorización. No está permitido copiar ni explotar comercialmente estos
        contenidos sin permiso.
      </p>
    ),
  },
  {
    id: 'cambios',
    title: 'Cambios a estos términos',
    content: (
      <p>
        Podemos actualizar estos términos para reflejar cambios en el servicio o en la ley. La versión vigente
        es la publicada en esta página, con su fecha de actualización. Los cambios no afectan las reservas ya
        confirmadas, que se rigen por los términos vigentes al momento de pagarlas.
      </p>
    ),
  },
  {
    id: 'ley-aplicable',
    title: 'Ley aplicable y jurisdicción',
    content: (
      <p>
        Estos términos se rigen por las leyes federales de los Estados Unidos Mexicanos. Para su
        interpretación y cumplimiento, las partes se someten a los tribunales competentes de la Ciudad de
        México, sin perjuicio de tu derecho a acudir a la Procuraduría Federal del Consumidor (PROFECO) o a
        los tribunales de tu domicilio cuando la ley así lo permita.
      </p>
    ),
  },
  {
    id: 'contacto',
    title: 'Contacto',
    content: (
      <p>
        Si tienes dudas sobre estos términos o sobre una reserva, escríbenos a{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. El tratamiento de tus datos personales se
        describe en nuestro <Link to={paths.privacy()}>aviso de privacidad</Link>.
      </p>
    ),
  },
]

export function TermsPage() {
  return (
    <>
      <PageHead
        title="Términos y condiciones — Cabañas MX"
        description="Términos y condiciones de Cabañas MX: cómo funcionan las reservas, los pagos con Openpay, las cancelaciones y las reglas de la casa."
        path={paths.terms()}
      />
      <DocumentLayout
        title="Términos y condiciones"
        updated="Última actualización: 22 de noviembre de 2026"
        intro={
          <p>
            Estos términos y condiciones regulan el uso del sitio Cabañas MX y las reservas de alojamiento que
            realices a través de él. Al navegar por el sitio, crear una cuenta o hacer una reserva, aceptas
            estos términos. Léelos con atención, en especial lo relativo a pagos y cancelaciones.
          </p>
        }
        sections={sections}
      />
    </>
  )
}
